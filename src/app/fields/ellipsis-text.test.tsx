import { fireEvent, render, screen } from '@testing-library/react';
import { EllipsisText } from './ellipsis-text';

function sized(el: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
}

describe('EllipsisText', () => {
  it("has antd's single-line ellipsis classes and the whole text", () => {
    render(<EllipsisText text="Um texto longo" style={{ maxWidth: 320 }} />);
    const el = screen.getByText('Um texto longo');
    expect(el).toHaveClass('ant-typography', 'ant-typography-ellipsis', 'ant-typography-ellipsis-single-line');
    expect(el).toHaveStyle({ maxWidth: '320px' });
  });

  it('shows the whole text in a tooltip only when it is cut', async () => {
    render(<EllipsisText text="Observação muito longa da obra" />);
    const el = screen.getByText('Observação muito longa da obra');
    sized(el, 100, 100);
    fireEvent.mouseEnter(el);
    expect(screen.queryByRole('tooltip')).toBeNull();
    sized(el, 400, 100);
    fireEvent.mouseEnter(el);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Observação muito longa da obra');
  });
});
