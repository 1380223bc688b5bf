import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { NewPasswordFields } from './pages/password-fields';

function Harness() {
  const [form] = Form.useForm();
  return (
    <Form form={form}>
      <NewPasswordFields form={form} />
    </Form>
  );
}

describe('new-password form', () => {
  it('checks the password policy live', async () => {
    render(<Harness />);
    const list = screen.getByLabelText('Regras da senha');
    const okCount = () => list.querySelectorAll('[data-ok="true"]').length;
    expect(okCount()).toBe(0);
    await userEvent.type(screen.getByLabelText('Nova senha'), 'abc');
    expect(okCount()).toBe(1);
    await userEvent.type(screen.getByLabelText('Nova senha'), 'DEF1#xy');
    expect(okCount()).toBe(5);
  });
});
