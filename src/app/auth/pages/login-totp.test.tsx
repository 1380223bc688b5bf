/**
 * The sign-in's TOTP step (issue 35): the 6-digit code, and "Usar um código de recuperação" — the
 * API spends the code (e-mail + senha + código), then the page signs in with the password and opens
 * the profile's enrolment; the API's refusal (a code used before) is shown in Portuguese and nothing
 * else happens.
 */
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setPendingChallenge } from '../challenge';
import LoginPage from './login-page';

const login = vi.fn();
vi.mock('../auth-provider', () => ({ authProvider: { login: (p: unknown) => login(p), forgotPassword: vi.fn() } }));
vi.mock('../amplify', () => ({ ensureAmplify: async () => ({}) }));

const EMAIL = 'cliente@portal.local';
const fetchMock = vi.fn();

function renderCodeStep() {
  setPendingChallenge({ step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', username: EMAIL });
  return render(
    <MemoryRouter initialEntries={['/login?etapa=codigo']}>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/usuarios" element={<p>perfil</p>} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  login.mockReset();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setPendingChallenge(null);
});

describe('TOTP step of the sign-in', () => {
  it('asks for the 6 digits of the authenticator app and sends them without spaces', async () => {
    login.mockResolvedValue({ success: true });
    renderCodeStep();
    expect(await screen.findByText('Verificação em duas etapas', undefined, { timeout: 15_000 })).toBeInTheDocument();
    const input = screen.getByLabelText('Código do aplicativo autenticador');
    await userEvent.type(input, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('O código tem 6 dígitos.')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
    await userEvent.type(input, ' 6');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(login).toHaveBeenCalledWith({ challengeResponse: '123456', redirectTo: undefined }));
  });

  it('a recovery code: the API spends it, then the password signs in and the profile asks to enrol again', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ ok: true, message: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    login.mockResolvedValue({ success: true });
    renderCodeStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Usar um código de recuperação' }, { timeout: 15_000 }));
    await userEvent.type(screen.getByLabelText('Senha'), 'Demo#2026');
    await userEvent.type(screen.getByLabelText('Código de recuperação'), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar com o código de recuperação' }));
    await vi.waitFor(() => expect(login).toHaveBeenCalledWith({ email: EMAIL, password: 'Demo#2026', redirectTo: '/usuarios?mfa=recuperacao' }));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/mfa/recuperacao');
    expect(JSON.parse(String(init.body))).toEqual({ email: EMAIL, senha: 'Demo#2026', codigo: 'abcde-12345' });
  });

  it('a code used before: the API’s Portuguese answer, no sign-in', async () => {
    const message = 'Este código de recuperação já foi usado. Cada código vale uma vez: use outro da sua lista.';
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message, statusCode: 409 }), { status: 409, headers: { 'content-type': 'application/json' } }));
    renderCodeStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Usar um código de recuperação' }, { timeout: 15_000 }));
    await userEvent.type(screen.getByLabelText('Senha'), 'Demo#2026');
    await userEvent.type(screen.getByLabelText('Código de recuperação'), 'ABCDE-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar com o código de recuperação' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
    // Back to the app's code.
    await userEvent.click(screen.getByRole('button', { name: 'Voltar ao código do aplicativo' }));
    expect(screen.getByLabelText('Código do aplicativo autenticador')).toBeInTheDocument();
  });
});
