/**
 * Saved views of the lists and of "Minhas pendências" (issue 39), on both databases: a person saves
 * a list's filters, sort, columns and page size under a name, sees their own views and those shared
 * with one of their roles or sites, changes them with the version they read (409 when stale),
 * deletes them and marks one as their default per list. Only the entity's administrators share
 * (403); someone else's private view is 404, a view shared with the person is theirs to read, not
 * to change (403); each bad input is refused in pt-BR per field (400) with nothing stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ENGINE_BACKENDS, useApi } from './backends';
import type { SavedView, SavedViewsAnswer, SavedViewsMenuAnswer } from '../../resources/saved-views';

const ADM = 'adm-contratos@portal.local'; // admin_contratos: administers Contratos
const A = 'leitor-a@portal.local'; // reads contracts, site 101
const B = 'leitor-b@portal.local'; // reads contracts, site 102
const OBRA_101 = 'editor-101@portal.local'; // another role, site 101
const SEGUROS_101 = 'seguros-101@portal.local'; // site 101, does not read contracts

const STATE = {
  filtros: [
    { field: 'status', operator: 'in', value: ['Revisão', 'Aprovado'] },
    { field: 'valor', operator: 'gte', value: 1000 },
    { field: 'q', operator: 'eq', value: 'obra' },
  ],
  ordenacao: [{ field: 'valor', order: 'desc' }],
  colunas: ['numero', 'status', 'valor'],
  tamanhoPagina: 50,
};

describe.each(ENGINE_BACKENDS)('saved views (%s)', (backend) => {
  const t = useApi(backend);
  type Answer = { status: number; body: Record<string, unknown> & { errors?: Record<string, string[]> } };
  const call = async (method: string, path: string, as: string, json?: unknown): Promise<Answer> => {
    const res = await t.api.request(`/api/v1${path}`, { method, as, ...(json === undefined ? {} : { json }) });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };
  const list = async (as: string, lista = 'contratos') => (await call('GET', `/visoes?lista=${lista}`, as)).body as unknown as SavedViewsAnswer;
  const names = async (as: string, lista = 'contratos') => (await list(as, lista)).visoes.map((v) => v.nome);
  const create = (as: string, body: Record<string, unknown>) => call('POST', '/visoes', as, { lista: 'contratos', estado: STATE, ...body });
  const stored = async () => Number((await sql<{ n: string }>`select count(*) as n from visao_salva`.execute(t.api.db)).rows[0].n);

  beforeAll(() => {
    t.api.addUser({ email: ADM, name: 'Ana Administradora', roles: ['admin_contratos'], obra: ['103'] });
    t.api.addUser({ email: A, name: 'Alice Leitora', roles: ['contratos'], obra: ['101'] });
    t.api.addUser({ email: B, name: 'Bruno Leitor', roles: ['contratos'], obra: ['102'] });
    t.api.addUser({ email: OBRA_101, name: 'Olga Obra', roles: ['editor_contratos'], obra: ['101'] });
    t.api.addUser({ email: SEGUROS_101, name: 'Sara Seguros', roles: ['seguros'], obra: ['101'] });
  });

  it('saves a private view with the list state, lists it for its owner only, and applies it through the list API', async () => {
    const r = await create(A, { nome: '  Revisão cara  ' });
    expect(r.status).toBe(201);
    const view = r.body as unknown as SavedView;
    expect(view).toMatchObject({
      lista: 'contratos',
      nome: 'Revisão cara',
      estado: STATE,
      papeis: [],
      obras: [],
      dono: A,
      donoNome: 'Alice Leitora',
      minha: true,
      version: 1,
    });
    const mine = await list(A);
    expect(mine).toMatchObject({ lista: 'contratos', podeCompartilhar: false, padrao: null });
    expect(mine.visoes.map((v) => v.id)).toEqual([view.id]);
    expect(await names(B)).toEqual([]);
    expect(await names(ADM)).toEqual([]);
    // The count of a view is the list's own total with its filters (what the app asks, `_end=0`).
    const counted = await t.api.request('/api/v1/contratos?_start=0&_end=0&status=Revis%C3%A3o&status=Aprovado&valor_gte=1000&q=obra', { as: A });
    expect(counted.status).toBe(200);
    expect(await counted.json()).toEqual([]);
    expect(counted.headers.get('x-total-count')).toMatch(/^\d+$/);
    // Someone else's private view does not exist for them.
    expect((await call('PATCH', `/visoes/${view.id}`, B, { version: 1, nome: 'Minha' })).status).toBe(404);
    expect((await call('DELETE', `/visoes/${view.id}`, B)).status).toBe(404);
    expect((await call('PUT', '/visoes/padrao', B, { lista: 'contratos', visao: view.id })).status).toBe(404);
  });

  it('changes a view with the version read and refuses a stale one (409), nothing changed', async () => {
    const view = (await create(A, { nome: 'Para alterar' })).body as unknown as SavedView;
    const changed = await call('PATCH', `/visoes/${view.id}`, A, { version: 1, nome: 'Alterada', estado: { ...STATE, tamanhoPagina: 25 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ nome: 'Alterada', version: 2, estado: { tamanhoPagina: 25 } });
    const stale = await call('PATCH', `/visoes/${view.id}`, A, { version: 1, nome: 'Atrasada' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/alterada depois que você a abriu/);
    expect(await names(A)).toContain('Alterada');
    expect(await names(A)).not.toContain('Atrasada');
    const missing = await call('PATCH', `/visoes/${view.id}`, A, { nome: 'Sem versão' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('version');
    const gone = await call('DELETE', `/visoes/${view.id}`, A);
    expect(gone).toEqual({ status: 200, body: { id: view.id, mensagem: 'Visão "Alterada" excluída.' } });
    expect(await names(A)).not.toContain('Alterada');
    expect((await call('DELETE', `/visoes/${view.id}`, A)).status).toBe(404);
  });

  it('shares by role and by site only for the entity administrators; the others read, but do not change, a shared view', async () => {
    expect((await list(ADM)).podeCompartilhar).toBe(true);
    const before = await stored();
    const refused = await create(A, { nome: 'Tentativa', papeis: ['contratos'] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Só os administradores desta lista compartilham visões com papéis ou obras.');
    expect(await stored()).toBe(before);

    const byRole = (await create(ADM, { nome: 'Da equipe de contratos', papeis: ['contratos'] })).body as unknown as SavedView;
    const bySite = (await create(ADM, { nome: 'Da obra 101', obras: ['101'] })).body as unknown as SavedView;
    expect(byRole.papeis).toEqual(['contratos']);
    expect(bySite.obras).toEqual(['101']);
    expect(await names(B)).toEqual(['Da equipe de contratos']);
    expect(await names(OBRA_101)).toEqual(['Da obra 101']);
    expect(await names(A)).toEqual(expect.arrayContaining(['Revisão cara', 'Da equipe de contratos', 'Da obra 101']));
    const seen = (await list(B)).visoes[0];
    expect(seen).toMatchObject({ minha: false, dono: ADM, donoNome: 'Ana Administradora' });

    const notOwner = await call('PATCH', `/visoes/${byRole.id}`, B, { version: 1, nome: 'Minha agora' });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.message).toMatch(/Só quem criou a visão "Da equipe de contratos"/);
    expect((await call('DELETE', `/visoes/${byRole.id}`, B)).status).toBe(403);
    // The owner who is not an administrator cannot widen the sharing of their own view either.
    const own = (await list(A)).visoes.find((v) => v.nome === 'Revisão cara')!;
    expect((await call('PATCH', `/visoes/${own.id}`, A, { version: own.version, obras: ['101'] })).status).toBe(403);
    // A site's client never sees the staff's views shared with that site or with a role the client holds (decision 29).
    const CLIENT = 'cliente@portal.local'; // client of site 101 (README), with roles of its own
    const forSite = await call('POST', '/visoes', 'admin@portal.local', {
      lista: 'diarios',
      nome: 'Equipe da obra 101',
      estado: {},
      obras: ['101'],
      papeis: ['cliente'],
    });
    expect(forSite.status, JSON.stringify(forSite.body)).toBe(201);
    expect(await names('sm@portal.local', 'diarios')).toEqual(['Equipe da obra 101']);
    expect(await names(CLIENT, 'diarios')).toEqual([]);
    // The administrator narrows it again: B no longer sees it.
    expect((await call('PATCH', `/visoes/${byRole.id}`, ADM, { version: 1, papeis: [] })).status).toBe(200);
    expect(await names(B)).toEqual([]);
  });

  it('keeps one default per person and list, among the views they see; a deleted view stops being anyone’s default', async () => {
    const shared = (await create(ADM, { nome: 'Padrão da equipe', papeis: ['contratos'] })).body as unknown as SavedView;
    const set = await call('PUT', '/visoes/padrao', B, { lista: 'contratos', visao: shared.id });
    expect(set).toEqual({ status: 200, body: { lista: 'contratos', visao: shared.id } });
    expect((await list(B)).padrao).toBe(shared.id);
    expect((await list(A)).padrao).toBeNull();
    const inbox = (await call('POST', '/visoes', B, { lista: 'pendencias', nome: 'Atrasadas', estado: { filtros: [], ordenacao: [] } }))
      .body as unknown as SavedView;
    const otherList = await call('PUT', '/visoes/padrao', B, { lista: 'contratos', visao: inbox.id });
    expect(otherList.status).toBe(400);
    expect(otherList.body.errors).toEqual({ visao: ['A visão "Atrasadas" é de outra lista.'] });
    expect((await call('PUT', '/visoes/padrao', B, { lista: 'contratos', visao: 'um' })).body.errors).toHaveProperty('visao');
    expect((await call('DELETE', `/visoes/${shared.id}`, ADM)).status).toBe(200);
    expect((await list(B)).padrao).toBeNull();
    expect((await call('PUT', '/visoes/padrao', B, { lista: 'pendencias', visao: inbox.id })).status).toBe(200);
    expect((await call('PUT', '/visoes/padrao', B, { lista: 'pendencias', visao: null })).body).toEqual({ lista: 'pendencias', visao: null });
    expect((await list(B, 'pendencias')).padrao).toBeNull();
  });

  it('saves the inbox’s filters and sort, and only those', async () => {
    const ok = await call('POST', '/visoes', A, {
      lista: 'pendencias',
      nome: 'Contratos atrasados da 101',
      estado: {
        filtros: [
          { field: 'resource', operator: 'eq', value: 'contratos' },
          { field: 'obra', operator: 'eq', value: '101' },
          { field: 'vencimento', operator: 'eq', value: 'atrasadas' },
        ],
        ordenacao: [{ field: 'due', order: 'asc' }],
      },
    });
    expect(ok.status).toBe(201);
    expect(await names(A, 'pendencias')).toEqual(['Contratos atrasados da 101']);
    const bad = await call('POST', '/visoes', A, {
      lista: 'pendencias',
      nome: 'Errada',
      estado: {
        filtros: [
          { field: 'status', operator: 'eq', value: 'x' },
          { field: 'vencimento', operator: 'eq', value: 'ontem' },
        ],
        ordenacao: [{ field: 'valor', order: 'asc' }],
        colunas: ['numero'],
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors!).sort()).toEqual(['estado.colunas', 'estado.filtros', 'estado.ordenacao']);
    expect(bad.body.errors!['estado.filtros']).toEqual([
      'Em "Minhas pendências" filtre só por módulo, obra ou vencimento, uma vez cada ("status").',
      'Vencimento: use atrasadas, hoje, semana ou sem-prazo.',
    ]);
    // The inbox's sharing belongs to those who administer everything.
    expect(
      (await call('POST', '/visoes', ADM, { lista: 'pendencias', nome: 'Geral', estado: { filtros: [], ordenacao: [] }, papeis: ['contratos'] })).status,
    ).toBe(403);
    expect((await call('GET', '/visoes?lista=pendencias', 'admin@portal.local')).body.podeCompartilhar).toBe(true);
  });

  it('refuses bad input in pt-BR per field, with nothing stored', async () => {
    const before = await stored();
    const cases: [unknown, Record<string, RegExp>][] = [
      [{ lista: 'contratos', nome: '', estado: STATE }, { nome: /Informe um nome/ }],
      [{ lista: 'contratos', nome: 'x'.repeat(81), estado: STATE }, { nome: /até 80 caracteres/ }],
      [{ lista: 'contratos', nome: 'Revisão cara', estado: STATE }, { nome: /já tem uma visão chamada "Revisão cara"/ }],
      [{ lista: 'nada', nome: 'X', estado: STATE }, { lista: /Lista desconhecida: "nada"/ }],
      [{ nome: 'X', estado: STATE }, { lista: /Informe a lista/ }],
      [{ lista: 'contratos', nome: 'X' }, { estado: /Informe o estado da lista/ }],
      [
        { lista: 'contratos', nome: 'X', estado: { ...STATE, filtros: [{ field: 'naoExiste', operator: 'eq', value: 'a' }] } },
        { 'estado.filtros': /Filtro desconhecido: "naoExiste"/ },
      ],
      [
        { lista: 'contratos', nome: 'X', estado: { ...STATE, filtros: [{ field: 'status', operator: 'like', value: 'a' }] } },
        { 'estado.filtros': /operadores: eq, ne, in/ },
      ],
      [{ lista: 'contratos', nome: 'X', estado: { ...STATE, filtros: [{ field: 'valor', operator: 'gte', value: 'muito' }] } }, { 'estado.filtros': /./ }],
      [
        { lista: 'contratos', nome: 'X', estado: { ...STATE, filtros: [{ field: 'status', operator: 'eq', value: null }] } },
        { 'estado.filtros': /informe um valor/ },
      ],
      [
        { lista: 'contratos', nome: 'X', estado: { ...STATE, filtros: [{ field: '_end', operator: 'eq', value: '5000' }] } },
        { 'estado.filtros': /"_end" não é um campo da lista/ },
      ],
      [
        { lista: 'contratos', nome: 'X', estado: { ...STATE, ordenacao: [{ field: 'arquivos', order: 'asc' }] } },
        { 'estado.ordenacao': /Não é possível ordenar por "arquivos"/ },
      ],
      [{ lista: 'contratos', nome: 'X', estado: { ...STATE, ordenacao: [{ field: 'valor', order: 'cima' }] } }, { 'estado.ordenacao': /"asc" ou "desc"/ }],
      [
        { lista: 'contratos', nome: 'X', estado: { ...STATE, colunas: ['numero', 'fantasma'] } },
        { 'estado.colunas': /Colunas desconhecidas em Contratos: fantasma/ },
      ],
      [{ lista: 'contratos', nome: 'X', estado: { ...STATE, tamanhoPagina: 7 } }, { 'estado.tamanhoPagina': /10, 25, 50, 100/ }],
      [{ lista: 'contratos', nome: 'X', estado: { ...STATE, pagina: 2 } }, { 'estado.pagina': /Campo desconhecido/ }],
      [{ lista: 'contratos', nome: 'X', estado: STATE, papeis: ['rei'] }, { papeis: /Papéis desconhecidos: rei/ }],
      [{ lista: 'contratos', nome: 'X', estado: STATE, obras: 'todas' }, { obras: /lista de até 30 códigos/ }],
      [{ lista: 'contratos', nome: 'X', estado: STATE, dono: B }, { dono: /Campo desconhecido/ }],
    ];
    for (const [body, expected] of cases) {
      const r = await call('POST', '/visoes', A, body);
      expect(r.status, JSON.stringify(body).slice(-160)).toBe(400);
      expect(Object.keys(r.body.errors ?? {}).sort(), JSON.stringify(r.body)).toEqual(Object.keys(expected).sort());
      for (const [key, re] of Object.entries(expected)) expect(r.body.errors![key].join(' ')).toMatch(re);
    }
    const notObject = await call('POST', '/visoes', A, ['não é um objeto']);
    expect(notObject).toMatchObject({ status: 400, body: { message: 'O corpo da requisição deve ser um objeto JSON.' } });
    expect(await stored()).toBe(before);
  });

  it('answers the list of views only for a known list the person reads', async () => {
    const none = await call('GET', '/visoes', A);
    expect(none.status).toBe(400);
    expect(none.body.errors).toHaveProperty('lista');
    expect((await call('GET', '/visoes?lista=contratos&lista=diarios', A)).body.errors).toEqual({ lista: ['Informe "lista" uma vez só.'] });
    expect((await call('GET', '/visoes?lista=__proto__', A)).status).toBe(400);
    const client = await call('GET', '/visoes?lista=contratos', 'cliente@portal.local');
    expect(client.status).toBe(403);
    expect(client.body.message).toBe('Você não tem acesso à lista de Contratos.');
    expect((await call('PATCH', '/visoes/abc', A, { version: 1 })).status).toBe(404);
  });
  it('gives the menu every list’s views the person sees, by list, with their defaults, and no list they may not read', async () => {
    const menu = async (as: string) => (await call('GET', '/visoes/menu', as)) as unknown as { status: number; body: SavedViewsMenuAnswer };
    const ids = (answer: SavedViewsMenuAnswer) => answer.listas.flatMap((l) => l.visoes.map((v) => v.id));
    const mine = (await create(A, { nome: 'Menu: minha' })).body as unknown as SavedView;
    const inbox = await call('POST', '/visoes', A, { lista: 'pendencias', nome: 'Menu: pendências', estado: { filtros: [], ordenacao: [] } });
    expect(inbox.status).toBe(201);
    const shared = (await create(ADM, { nome: 'Menu: obra 101', obras: ['101'] })).body as unknown as SavedView;
    expect((await call('PUT', '/visoes/padrao', A, { lista: 'contratos', visao: shared.id })).status).toBe(200);

    const a = await menu(A);
    expect(a.status).toBe(200);
    const contratos = a.body.listas.find((l) => l.lista === 'contratos')!;
    // The same views, in the same order, as the list's own answer; the default marked.
    expect(contratos.visoes.map((v) => v.id)).toEqual((await list(A)).visoes.map((v) => v.id));
    expect(contratos.visoes.map((v) => v.id)).toEqual(expect.arrayContaining([mine.id, shared.id]));
    expect(contratos.padrao).toBe(shared.id);
    expect(a.body.listas.find((l) => l.lista === 'pendencias')?.visoes.map((v) => v.id)).toEqual((await list(A, 'pendencias')).visoes.map((v) => v.id));
    expect(a.body.listas.find((l) => l.lista === 'pendencias')?.visoes.map((v) => v.id)).toContain((inbox.body as unknown as SavedView).id);
    // Site 101, but no contracts to read: the view shared with the site stays out of their menu.
    expect((await call('GET', '/visoes?lista=contratos', SEGUROS_101)).status).toBe(403);
    const s101 = await menu(SEGUROS_101);
    expect(s101.status).toBe(200);
    expect(s101.body.listas.map((l) => l.lista)).not.toContain('contratos');
    expect(ids(s101.body)).not.toContain(shared.id);
    // Another site's reader sees neither; a client only ever their own views (decision 29).
    const b = ids((await menu(B)).body);
    expect(b).not.toContain(mine.id);
    expect(b).not.toContain(shared.id);
    const client = await menu('cliente@portal.local');
    expect(client.status).toBe(200);
    expect(client.body.listas.flatMap((l) => l.visoes.map((v) => v.dono))).toEqual(
      client.body.listas.flatMap((l) => l.visoes.map(() => 'cliente@portal.local')),
    );
    expect(ids(client.body)).not.toContain(shared.id);
  });
});
