import { describe, expect, it } from 'vitest';
import { defineAbilityFor } from '../../access/ability';
import type { PortalUser } from '../../access/user';
import { APP_ROUTES } from '../../../resources/routes';
import type { AppRoute } from '../../../resources/routes/types';
import { LAST_ROUTE_KEY, decide, lastRoute, loginUrl, matchAppRoute, postLoginTarget, rememberRoute, shouldRemember, type GuardInput } from './guard-rules';

const user = (roles: string[], extra: Partial<PortalUser> = {}): PortalUser => ({
  id_user: 'u1',
  username: 'ana@empresa.com',
  email: 'ana@empresa.com',
  name: 'Ana',
  empresa: ['empresa'],
  obra: ['101'],
  roles,
  tipo: 'staff',
  ...extra,
});
const ready = (roles: string[]) => ({ status: 'ready' as const, ability: defineAbilityFor(user(roles)) });

function input(pathname: string, over: Partial<GuardInput> = {}, routes: AppRoute[] = APP_ROUTES): GuardInput {
  const [path, query = ''] = pathname.split('?');
  return {
    pathname: path,
    search: query ? `?${query}` : '',
    match: matchAppRoute(path, routes),
    auth: 'authenticated',
    ability: ready(['admin_contratos']),
    ...over,
  };
}

class MemoryStore {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}

describe('matchAppRoute', () => {
  it('ranks static segments over params, like react-router', () => {
    expect(matchAppRoute('/fabricacao/nova', APP_ROUTES)?.route.path).toBe('/fabricacao/nova');
    expect(matchAppRoute('/fabricacao/101', APP_ROUTES)?.route.path).toBe('/fabricacao/:obra');
    expect(matchAppRoute('/101/contrato', APP_ROUTES)?.params.obra).toBe('101');
    expect(matchAppRoute('/usuarios', APP_ROUTES)?.route.path).toBe('/usuarios/:user?');
    expect(matchAppRoute('/usuarios/ana', APP_ROUTES)?.params.user).toBe('ana');
    // Issue 36: the records' path without the id is the list's redirect, not a site called "contratos".
    expect(matchAppRoute('/contratos', APP_ROUTES)?.route).toMatchObject({ path: '/contratos', redirect: '/contrato' });
    // A contract lives under the list's path; the resource's spelling redirects there.
    expect(matchAppRoute('/contrato/7', APP_ROUTES)?.route.entity).toMatchObject({ name: 'contrato', view: 'show' });
    expect(matchAppRoute('/contrato/novo', APP_ROUTES)?.route.entity).toMatchObject({ name: 'contrato', view: 'create' });
    expect(matchAppRoute('/contratos/7', APP_ROUTES)?.route).toMatchObject({ path: '/contratos/:id', redirect: '/contrato/:id' });
  });
  it('does not match routes whose screen is not built', () => {
    const unbuilt = APP_ROUTES.map((r) => (r.path === '/:obra/fabricacao/Dashboard' ? { ...r, notBuilt: true } : r));
    expect(matchAppRoute('/101/fabricacao/Dashboard', APP_ROUTES)?.route.path).toBe('/:obra/fabricacao/Dashboard');
    expect(matchAppRoute('/101/fabricacao/Dashboard', unbuilt)).toBeNull();
  });
});

describe('decide: the six rules in order', () => {
  const maint: AppRoute[] = APP_ROUTES.map((r) => (r.path === '/contrato' ? { ...r, manutencao: true } : r));

  it('1. maintenance → /manutencao, before anything else (even unauthenticated)', () => {
    expect(decide(input('/contrato', { auth: 'anonymous' }, maint))).toEqual({ type: 'redirect', to: '/manutencao', rule: 'maintenance' });
  });

  it('2. unauthenticated → /login with the intended destination', () => {
    expect(decide(input('/contrato?status=Revis%C3%A3o', { auth: 'anonymous' }))).toEqual({
      type: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/contrato?status=Revis%C3%A3o')}`,
      rule: 'auth',
    });
    expect(decide(input('/contrato', { auth: 'checking' }))).toEqual({ type: 'wait' });
  });

  it('3. lacking the ability → /403; an error while checking → /403', () => {
    expect(decide(input('/diarios', { ability: ready(['admin_contratos']) }))).toMatchObject({ type: 'redirect', to: '/403' });
    expect(decide(input('/contrato', { ability: ready(['admin_contratos']) }))).toEqual({ type: 'allow' });
    expect(decide(input('/contrato', { ability: { status: 'error' } }))).toMatchObject({ type: 'redirect', to: '/403' });
    expect(decide(input('/contrato', { ability: { status: 'loading' } }))).toEqual({ type: 'wait' });
    // No network: the rules are unknown, not refused.
    expect(decide(input('/contrato', { ability: { status: 'offline' } }))).toEqual({ type: 'offline' });
    const throwing = {
      status: 'ready' as const,
      ability: {
        can: () => {
          throw new Error('boom');
        },
      } as never,
    };
    expect(decide(input('/contrato', { ability: throwing }))).toMatchObject({ type: 'redirect', to: '/403' });
  });

  it('4. a route with {obra} is checked against that site', () => {
    const sm = ready(['site_manager']);
    expect(decide(input('/101/contrato', { ability: sm }))).toEqual({ type: 'wait' });
    expect(decide(input('/101/contrato', { ability: sm, obraCheck: 'ok' }))).toEqual({ type: 'allow' });
    expect(decide(input('/999/contrato', { ability: sm, obraCheck: 'inaccessible' }))).toEqual({ type: 'redirect', to: '/ObraInacessivel', rule: 'obra' });
    expect(decide(input('/101/contrato', { ability: sm, obraCheck: 'error' }))).toMatchObject({ type: 'redirect', to: '/403' });
    // Site-required route without the param: the `?obra=` query is checked.
    expect(decide(input('/seguros?obra=999', { ability: ready(['seguros']), obraCheck: 'inaccessible' }))).toMatchObject({ to: '/ObraInacessivel' });
    expect(decide(input('/seguros', { ability: ready(['seguros']) }))).toEqual({ type: 'allow' });
    // Ability comes before the site.
    expect(decide(input('/101/contrato', { ability: ready(['rdo_by_obra']), obraCheck: 'ok' }))).toMatchObject({ to: '/403' });
  });

  it('6. unknown path → /404 (and a not-built screen too)', () => {
    expect(decide(input('/nao/existe/mesmo'))).toEqual({ type: 'redirect', to: '/404', rule: 'unknown' });
    const unbuilt = APP_ROUTES.map((r) => (r.path === '/:obra/fabricacao/Dashboard' ? { ...r, notBuilt: true } : r));
    expect(decide(input('/101/fabricacao/Dashboard', {}, unbuilt))).toEqual({ type: 'redirect', to: '/404', rule: 'unknown' });
  });

  it('public routes skip login and ability', () => {
    expect(decide(input('/403', { auth: 'anonymous' }))).toEqual({ type: 'allow' });
    expect(decide(input('/login', { auth: 'anonymous' }))).toEqual({ type: 'allow' });
  });
});

describe('5. last route', () => {
  it('never stores /404, /403, /acessoFederado, /login', () => {
    for (const p of ['/404', '/403', '/acessoFederado', '/login', '/login?redirect=%2Fx', '/acessoFederado?code=1']) expect(shouldRemember(p)).toBe(false);
    expect(shouldRemember('/contrato')).toBe(true);
    const store = new MemoryStore();
    rememberRoute('/contrato?status=Aprovado', store);
    rememberRoute('/403', store);
    rememberRoute('/login', store);
    expect(store.getItem(LAST_ROUTE_KEY)).toBe('/contrato?status=Aprovado');
    expect(lastRoute(store)).toBe('/contrato?status=Aprovado');
  });

  it('after login: the redirect query, else the last route, else the home', () => {
    const store = new MemoryStore();
    expect(postLoginTarget('', store)).toBe('/obras');
    rememberRoute('/diarios', store);
    expect(postLoginTarget('', store)).toBe('/diarios');
    expect(postLoginTarget(`?redirect=${encodeURIComponent('/101/contrato')}`, store)).toBe('/101/contrato');
    // No open redirects, no never-stored routes.
    expect(postLoginTarget('?redirect=//evil.example', store)).toBe('/diarios');
    expect(postLoginTarget('?redirect=/login', store)).toBe('/diarios');
  });

  it('loginUrl keeps the destination', () => {
    expect(loginUrl('/diarios/5')).toBe('/login?redirect=%2Fdiarios%2F5');
    expect(loginUrl('/')).toBe('/login');
  });
});

describe('decide, rule 1: the maintenance switch (issue 40)', () => {
  const fim = new Date(Date.now() + 3_600_000).toISOString();
  const rdo = [{ escopo: 'rdo', rotulo: 'Diários de obra', mensagem: 'Migração.', fimPrevisto: fim, inicio: fim }];
  const portal = [{ escopo: 'portal', rotulo: 'Portal inteiro', mensagem: 'Atualização.', fimPrevisto: fim, inicio: fim }];
  const away = (escopo: string) => ({ type: 'redirect', to: `/manutencao?escopo=${escopo}`, rule: 'maintenance' });

  it("sends people from the module's routes to /manutencao with the module, signed in or not", () => {
    expect(decide(input('/diarios', { ability: ready(['site_manager', 'rdo_by_obra']), maintenance: rdo }))).toEqual(away('rdo'));
    expect(decide(input('/101/diarios', { ability: ready(['site_manager', 'rdo_by_obra']), maintenance: rdo }))).toEqual(away('rdo'));
    expect(decide(input('/diarios', { auth: 'anonymous', maintenance: rdo }))).toEqual(away('rdo'));
  });

  it('administrators keep access; other modules and public pages stay open; the decision waits for the ability', () => {
    expect(decide(input('/diarios', { ability: ready(['acesso_total']), maintenance: rdo }))).toEqual({ type: 'allow' });
    expect(decide(input('/contrato', { maintenance: rdo }))).toEqual({ type: 'allow' });
    expect(decide(input('/diarios', { ability: { status: 'loading' }, maintenance: rdo }))).toEqual({ type: 'wait' });
    expect(decide(input('/login', { auth: 'anonymous', maintenance: portal }))).toEqual({ type: 'allow' });
  });

  it('the whole portal closes every signed-in route but for administrators', () => {
    expect(decide(input('/contrato', { maintenance: portal }))).toEqual(away('portal'));
    expect(decide(input('/obras', { ability: ready(['site_manager']), maintenance: portal }))).toEqual(away('portal'));
    expect(decide(input('/obras', { ability: ready(['acesso_total']), maintenance: portal }))).toEqual({ type: 'allow' });
    // A module's own maintenance names the module.
    expect(decide(input('/diarios', { ability: ready(['site_manager', 'rdo_by_obra']), maintenance: [...portal, ...rdo] }))).toEqual(away('rdo'));
  });
});
