import { render, screen } from '@testing-library/react';
import { Loading } from './loading';

describe('Loading', () => {
  it('is a status region named for what is loading, and the spinner itself carries no label', () => {
    const { container } = render(<Loading label="Carregando a pesquisa" />);
    const status = screen.getByRole('status', { name: 'Carregando a pesquisa' });
    expect(status.querySelector('.ant-spin')).not.toBeNull();
    expect(container.querySelector('.ant-spin[aria-label]')).toBeNull();
  });
});
