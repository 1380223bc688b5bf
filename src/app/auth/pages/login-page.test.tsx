import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setPendingChallenge } from '../challenge';
import { loginErrors } from './auth-field';
import LoginPage from './login-page';
import { rememberRevocation } from '../revoked-notice';

const login = vi.fn();
vi.mock('../auth-provider', () => ({ authProvider: { login: (p: unknown) => login(p), forgotPassword: vi.fn() } }));
vi.mock('../amplify', () => ({ ensureAmplify: async () => ({}) }));

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

afterEach(() => {
  login.mockReset();
  setPendingChallenge(null);
});

describe('signed out because the access was revoked (issue 35)', () => {
  it("shows the API's sentence once, above the form, and not on the next visit", async () => {
    const message = 'Seu acesso ao portal foi desativado por um administrador. Se isso for um engano, fale com o administrador do portal.';
    expect(rememberRevocation({ statusCode: 401, codigo: 'acesso-revogado', message })).toBe(true);
    // Any other 401 (an expired session) says nothing of the kind.
    expect(rememberRevocation({ statusCode: 401, message: 'Sessão inválida ou expirada. Entre novamente.' })).toBe(false);
    const first = renderAt('/login');
    expect(screen.getByText(message)).toBeInTheDocument();
    first.unmount();
    renderAt('/login');
    expect(screen.queryByText(message)).toBeNull();
  });
});

describe('login form without antd Form', () => {
  it('refuses an empty submit with the pt-BR messages, wired to the fields', async () => {
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const email = screen.getByLabelText('E-mail');
    expect(screen.getByText('Informe o e-mail.')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Informe a senha.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-required', 'true');
    expect(email).toHaveAttribute('aria-describedby', 'email_help');
    expect(document.getElementById('email_help')).toHaveTextContent('Informe o e-mail.');
    expect(login).not.toHaveBeenCalled();
  });

  it('checks a field as it changes, like antd: a bad e-mail, then a good one', async () => {
    renderAt('/login?user=x');
    expect(screen.getByLabelText('E-mail')).toHaveValue('x');
    expect(screen.queryByText('Informe um e-mail válido.')).toBeNull();
    await userEvent.type(screen.getByLabelText('E-mail'), 'y');
    expect(screen.getByText('Informe um e-mail válido.')).toBeInTheDocument();
    expect(screen.queryByText('Informe a senha.')).toBeNull();
    await userEvent.clear(screen.getByLabelText('E-mail'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'cliente@portal.local');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid');
  });

  it('submits with Enter once valid', async () => {
    login.mockResolvedValue({ success: true });
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('E-mail'), 'cliente@portal.local');
    await userEvent.type(screen.getByLabelText('Senha'), 'Demo#2026{Enter}');
    await vi.waitFor(() => expect(login).toHaveBeenCalledWith({ email: 'cliente@portal.local', password: 'Demo#2026', redirectTo: undefined }));
  });

  it('shows the code step of a pending challenge (its own chunk)', async () => {
    setPendingChallenge({ step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', username: 'cliente@portal.local' });
    renderAt('/login?etapa=codigo');
    await screen.findByLabelText('Código do aplicativo autenticador', undefined, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await screen.findByText('Informe o código de confirmação.');
  });

  it('keeps the rules of the antd form it replaces', () => {
    expect(loginErrors({ email: '   ', password: 'x' })).toEqual({ email: 'Informe o e-mail.' });
    expect(loginErrors({ email: 'a@b', password: '' })).toEqual({ email: 'Informe um e-mail válido.', password: 'Informe a senha.' });
    expect(loginErrors({ email: ' a@b.com', password: 'x' })).toEqual({ email: 'Informe um e-mail válido.' });
    expect(loginErrors({ email: 'nome.sobrenome@empresa.com.br', password: ' ' })).toEqual({});
  });
});
