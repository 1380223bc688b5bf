import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { defineAbilityFor } from '../../access/ability';
import type { PortalUser } from '../../access/user';
import { APP_ROUTES } from '../../../resources/routes';
import type { AppRoute } from '../../../resources/routes/types';
import { LAST_ROUTE_KEY, type AbilityState, type AuthState } from './guard-rules';
import { NavigationGuard, useCurrentRoute } from './navigation-guard';
import type { CheckObra } from './obra-check';

const user = (roles: string[]): PortalUser => ({
  id_user: 'u1',
  username: 'sm@empresa.com',
  email: 'sm@empresa.com',
  name: 'SM',
  empresa: ['empresa'],
  obra: ['101'],
  roles,
  tipo: 'staff',
});

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}
function Page() {
  const current = useCurrentRoute();
  return (
    <div data-testid="page">
      {current?.route.path}|{current?.obra ?? ''}|{String(current?.obraRecord?.nome ?? '')}
    </div>
  );
}

function renderGuard(
  path: string,
  opts: { auth?: AuthState; roles?: string[]; ability?: AbilityState; checkObra?: CheckObra; routes?: AppRoute[]; reloadAbility?: () => void } = {},
) {
  const ability: AbilityState = opts.ability ?? { status: 'ready', ability: defineAbilityFor(user(opts.roles ?? ['site_manager', 'rdo_by_obra'])) };
  const checkObra =
    opts.checkObra ??
    (async (obra: string) =>
      obra === '101' ? { state: 'ok' as const, record: { Id_Lista: '101', nome: 'Fábrica Norte' } } : { state: 'inaccessible' as const });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {['/login', '/403', '/404', '/ObraInacessivel', '/manutencao'].map((p) => (
          <Route key={p} path={p} element={<Where />} />
        ))}
        <Route
          element={
            <NavigationGuard
              auth={opts.auth ?? 'authenticated'}
              ability={ability}
              checkObra={checkObra}
              routes={opts.routes ?? APP_ROUTES}
              reloadAbility={opts.reloadAbility}
            >
              <Outlet />
            </NavigationGuard>
          }
        >
          <Route
            path="*"
            element={
              <>
                <Page />
                <Where />
              </>
            }
          />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('NavigationGuard', () => {
  it('rule 1: a route in maintenance goes to /manutencao', async () => {
    const routes = APP_ROUTES.map((r) => (r.path === '/diarios' ? { ...r, manutencao: true } : r));
    renderGuard('/diarios', { routes });
    expect((await screen.findByTestId('where')).textContent).toBe('/manutencao');
  });

  it('rule 2: unauthenticated → /login?redirect=<intended>', async () => {
    renderGuard('/101/contrato?status=Aprovado', { auth: 'anonymous' });
    expect((await screen.findByTestId('where')).textContent).toBe(`/login?redirect=${encodeURIComponent('/101/contrato?status=Aprovado')}`);
  });

  it('rule 3: lacking the ability → /403', async () => {
    renderGuard('/contrato', { roles: ['rdo_by_obra'] });
    expect((await screen.findByTestId('where')).textContent).toBe('/403');
  });

  it('rule 3: an error while loading the ability → /403', async () => {
    renderGuard('/diarios', { ability: { status: 'error' } });
    expect((await screen.findByTestId('where')).textContent).toBe('/403');
  });

  it('rule 4: a readable site opens, with its record', async () => {
    renderGuard('/101/contrato');
    expect((await screen.findByTestId('page')).textContent).toBe('/:obra/contrato|101|Fábrica Norte');
  });

  it('rule 4: a site that does not exist or is not visible → /ObraInacessivel', async () => {
    renderGuard('/999/contrato');
    expect((await screen.findByTestId('where')).textContent).toBe('/ObraInacessivel');
  });

  it('rule 4: an error while checking the site → /403', async () => {
    renderGuard('/101/contrato', { checkObra: async () => ({ state: 'error' }) });
    expect((await screen.findByTestId('where')).textContent).toBe('/403');
  });

  it('without network the rules are unknown, not refused: "Sem conexão", and they are read again', async () => {
    const reloadAbility = vi.fn();
    renderGuard('/diarios', { ability: { status: 'offline' }, reloadAbility });
    expect(await screen.findByText('Sem conexão')).toBeInTheDocument();
    expect(screen.queryByTestId('where')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(reloadAbility).toHaveBeenCalledTimes(1);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(reloadAbility).toHaveBeenCalledTimes(2);
  });

  it('a site check without network says "Sem conexão" and checks again when the network returns', async () => {
    let online = false;
    const checkObra = vi.fn(async (obra: string) =>
      online ? { state: 'ok' as const, record: { Id_Lista: obra, nome: 'Fábrica Norte' } } : { state: 'unreachable' as const },
    );
    renderGuard('/101/contrato', { checkObra });
    expect(await screen.findByText('Sem conexão')).toBeInTheDocument();
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect((await screen.findByTestId('page')).textContent).toBe('/:obra/contrato|101|Fábrica Norte');
    expect(checkObra).toHaveBeenCalledTimes(2);
  });

  it('rule 5: the visited route is stored, the error pages are not', async () => {
    localStorage.removeItem(LAST_ROUTE_KEY);
    const { unmount } = renderGuard('/diarios?status=Aprovado');
    await screen.findByTestId('page');
    expect(localStorage.getItem(LAST_ROUTE_KEY)).toBe('/diarios?status=Aprovado');
    unmount();
    renderGuard('/contrato', { roles: ['rdo_by_obra'] }); // → /403
    await screen.findByTestId('where');
    expect(localStorage.getItem(LAST_ROUTE_KEY)).toBe('/diarios?status=Aprovado');
  });

  it('rule 6: an unknown path → /404', async () => {
    renderGuard('/isto/nao/existe/no/portal');
    expect((await screen.findByTestId('where')).textContent).toBe('/404');
  });

  it('checks each site once while navigating inside it', async () => {
    const check = vi.fn(async () => ({ state: 'ok' as const, record: { Id_Lista: '101' } }));
    renderGuard('/101/contrato', { checkObra: check });
    await screen.findByTestId('page');
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('101');
  });
});
