import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { toastStore } from '../providers/toast-store';
import LoginPage from './pages/login-page';

// The lazily loaded auth chunk, replaced: the public pages must work through `loadAuth()`.
const login = vi.fn();
const ensureAmplify = vi.fn(async () => ({}));
vi.mock('./auth-provider', () => ({ authProvider: { login: (p: unknown) => login(p), forgotPassword: vi.fn() } }));
vi.mock('./amplify', () => ({ ensureAmplify: () => ensureAmplify() }));

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function submit(email = 'cliente@portal.local', password = 'Demo#2026') {
  await userEvent.type(screen.getByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Senha'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

afterEach(() => {
  login.mockReset();
  toastStore.clear();
});

describe('login of the public shell (no Refine)', () => {
  it('signs in through the lazily loaded provider and follows ?to=', async () => {
    login.mockResolvedValue({ success: true, redirectTo: '/obras' });
    renderAt('/login?to=%2Fdiarios%3Fobra%3D101');
    await submit();
    expect(await screen.findByTestId('where')).toHaveTextContent('/diarios?obra=101');
    expect(login).toHaveBeenCalledWith({ email: 'cliente@portal.local', password: 'Demo#2026', redirectTo: '/diarios?obra=101' });
  });

  it('shows the provider error on the page and as a toast, and stays on /login', async () => {
    login.mockResolvedValue({ success: false, error: Object.assign(new Error('E-mail ou senha incorretos.'), { name: 'Não foi possível entrar' }) });
    renderAt('/login');
    await submit('cliente@portal.local', 'errada');
    await screen.findByText('E-mail ou senha incorretos.');
    await waitFor(() => expect(toastStore.getState().visible.map((t) => t.title)).toContain('E-mail ou senha incorretos.'));
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
