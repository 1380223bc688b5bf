/**
 * "Minhas pendências" as a work queue (page, bell, `?acao=` on the record page) against the real
 * API in-process (mocks/api.ts). The client approver (cliente@portal.local, site 101) receives CRE
 * documents that engineering sends; their SLA deadline is set as the SLA engine stores it.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { sql } from 'kysely';
import { schemaByName } from '../../../../schemas/index';
import type { EntitySchema } from '../../../../schemas/kinds';
import { currentLocation, renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { PendenciasBell, bellLabel } from './pendencias-bell';
import { PendenciasPage } from './pendencias-page';
import { dueText } from './due';
import { actionPath } from './links';

const projeto = schemaByName('projeto') as EntitySchema;
const CLIENTE = 'cliente@portal.local';
const PROJ = 'projetista@portal.local';
const T = { timeout: 20_000 };
const t = useInProcessApi(CLIENTE);
let seq = 0;

async function call<B>(path: string, as: string, json?: unknown): Promise<{ status: number; body: B }> {
  const res = await t.mock.api.request(path, json === undefined ? { as } : { method: 'POST', as, json });
  return { status: res.status, body: (await res.json()) as B };
}

/** A CRE document of site 101 sent for the client's approval, with an SLA deadline (ms from now; null: none). */
async function sentDoc(dueIn: number | null, situacao = 'Em dia'): Promise<{ id: number; title: string }> {
  const titulo = `Fila UI ${Date.now().toString(36)} ${++seq}`;
  const r = await call<{ id: number }>('/api/v1/projetos', PROJ, {
    codigo: `UI-${Date.now().toString(36)}-${seq}`,
    titulo,
    obra: '101',
    categoria: 'Executivo',
    revisao: '0',
    projetista: { mail: PROJ },
    arquivos: [{ key: 'demo/testes/ui.pdf', name: 'ui.pdf', size: 1000, type: 'application/pdf' }],
  });
  expect(r.status).toBe(201);
  // Sent for approval (the step itself is covered by tests/api): state and dates as `enviar-cliente` leaves them.
  await sql`update projeto set "Situacao" = 'PAP', "dataEmissao" = current_date, "prazoAprovacao" = current_date + 10 where id = ${r.body.id}`.execute(
    t.mock.api.db,
  );
  const due = dueIn === null ? null : new Date(Date.now() + dueIn).toISOString();
  await sql`update projeto set "slaPrazo" = ${due}::timestamptz, "slaSituacao" = ${dueIn === null ? null : situacao} where id = ${r.body.id}`.execute(
    t.mock.api.db,
  );
  return { id: r.body.id, title: titulo };
}

const page = (path = '/pendencias') => renderViews({ schemas: [projeto], path, routes: <Route path="/pendencias" element={<PendenciasPage />} /> });
const card = async (title: string) => (await screen.findByRole('link', { name: title }, T)).closest('.ant-list-item') as HTMLElement;
const HOUR = 3_600_000;

describe('due text', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('says how long is left or how late it is, in pt-BR', () => {
    expect(dueText('2026-03-10T15:00:00Z', false, now)).toEqual({ text: 'vence em 3 h', tone: 'soon' });
    expect(dueText('2026-03-10T12:20:00Z', false, now)).toEqual({ text: 'vence em 20 min', tone: 'soon' });
    expect(dueText('2026-03-15T12:00:00Z', false, now)).toEqual({ text: 'vence em 5 dias', tone: 'later' });
    expect(dueText('2026-03-08T12:00:00Z', true, now)).toEqual({ text: 'atrasada há 2 dias', tone: 'overdue' });
    expect(dueText('2026-03-10T11:00:00Z', true, now)).toEqual({ text: 'atrasada há 1 h', tone: 'overdue' });
    expect(dueText(null, false, now)).toBeUndefined();
  });
  it('a paused clock says so, and how late it already was (issue 36)', () => {
    expect(dueText('2024-09-01T12:00:00Z', true, now, true)).toEqual({ text: 'pausado, atrasado há 555 dias', tone: 'paused' });
    expect(dueText('2026-03-10T09:00:00Z', true, now, true)).toEqual({ text: 'pausado, atrasado há 3 h', tone: 'paused' });
    expect(dueText(null, false, now, true)).toEqual({ text: 'prazo pausado', tone: 'paused' });
    expect(dueText(null, true, now, true)).toEqual({ text: 'prazo pausado', tone: 'paused' });
  });
});

describe('action links', () => {
  it('a step opens its dialog on the record page; inbox work opens the edit form', () => {
    expect(actionPath({ resource: 'projetos', id: 7 }, { name: 'aprovar', label: 'Aprovar', kind: 'transition', needsInput: false })).toBe(
      '/projetos/7?acao=aprovar',
    );
    expect(actionPath({ resource: 'materiais', id: 3 }, { name: 'editarpcp', label: 'Planejar (quantidades e datas)', kind: 'edit', needsInput: true })).toBe(
      '/materiais/3/editar',
    );
  });
});

// A loaded 2-core machine renders these pages slowly.
describe('Minhas pendências as a work queue', { timeout: 60_000 }, () => {
  it('shows each item as a card with its due date, overdue flag and action links', async () => {
    const late = await sentDoc(-2 * 24 * HOUR, 'Violado');
    const soon = await sentDoc(3 * HOUR);
    page('/pendencias?modulo=projetos');
    const lateCard = await card(late.title);
    expect(within(lateCard).getByText('atrasada há 2 dias').closest('.ant-tag')!.className).toContain('ant-tag-error');
    const soonCard = await card(soon.title);
    expect(within(soonCard).getByText('vence em 3 h').closest('.ant-tag')!.className).toContain('ant-tag-warning');
    const approve = within(soonCard).getByRole('link', { name: `Aprovar: ${soon.title}` });
    expect(approve).toHaveAttribute('href', `/projetos/${soon.id}?acao=aprovar`);
    expect(within(soonCard).getByRole('link', { name: `Reprovar: ${soon.title}` })).toHaveAttribute('href', `/projetos/${soon.id}?acao=reprovar`);
    // Ordered by due date: the late one comes first.
    const titles = [...document.querySelectorAll('.ant-list-item strong')].map((e) => e.textContent);
    expect(titles.indexOf(late.title)).toBeLessThan(titles.indexOf(soon.title));
    const req = t.requests.find((r) => r.method === 'GET' && r.url.pathname === '/api/v1/pendencias')!.url;
    expect(req.searchParams.get('resource')).toBe('projetos');
    expect(req.searchParams.get('_sort')).toBe('due');
  });

  it('a paused item that was already late has no red bar and says "pausado, atrasado há …" (issue 36)', async () => {
    const late = await sentDoc(-2 * 24 * HOUR, 'Violado');
    const paused = await sentDoc(-3 * 24 * HOUR, 'Violado');
    const metas = [
      { meta: 'aprovacao', label: 'Aprovação', prazo: new Date(Date.now() - 3 * 24 * HOUR).toISOString(), cumpridoEm: null, violado: true, pausado: true },
    ];
    await sql`update projeto set "slaMetas" = ${JSON.stringify(metas)}::jsonb where id = ${paused.id}`.execute(t.mock.api.db);
    page('/pendencias?modulo=projetos');
    const pausedCard = await card(paused.title);
    expect(within(pausedCard).getByText('pausado, atrasado há 3 dias').closest('.ant-tag')!.className).not.toContain('ant-tag-error');
    expect(pausedCard.getAttribute('style') ?? '').not.toMatch(/ff4d4f|255, 77, 79/);
    expect((await card(late.title)).getAttribute('style') ?? '').toMatch(/ff4d4f|255, 77, 79/);
  });

  it('filters by due and sorts by age from the URL, and changes the filter from the select', async () => {
    const late = await sentDoc(-HOUR, 'Violado');
    const later = await sentDoc(5 * 24 * HOUR);
    page('/pendencias?vencimento=atrasadas&ordem=antigas');
    await card(late.title);
    expect(screen.queryByRole('link', { name: later.title })).toBeNull();
    const req = t.requests.filter((r) => r.url.pathname === '/api/v1/pendencias').at(-1)!.url;
    expect(req.searchParams.get('vencimento')).toBe('atrasadas');
    expect(req.searchParams.get('_sort')).toBe('since');
    expect(req.searchParams.get('_order')).toBe('asc');

    // Clearing the due filter from its select brings the others back.
    const select = screen.getByRole('combobox', { name: 'Vencimento' }).closest('.ant-select') as HTMLElement;
    fireEvent.mouseDown(select.querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByTitle('Vencem em 7 dias'));
    await waitFor(() => expect(currentLocation.search).toContain('vencimento=semana'));
    await card(later.title);
    expect(screen.queryByRole('link', { name: late.title })).toBeNull();
  });

  it('approves the selected items in one bulk action and lists the one that failed', async () => {
    const docs = [await sentDoc(24 * HOUR), await sentDoc(25 * HOUR), await sentDoc(26 * HOUR)];
    page('/pendencias?modulo=projetos');
    for (const d of docs) await card(d.title);
    // Someone else changes the second one after the page loaded: its version is stale.
    await sql`update projeto set version = version + 1 where id = ${docs[1].id}`.execute(t.mock.api.db);
    for (const d of docs) fireEvent.click(screen.getByRole('checkbox', { name: `Selecionar ${d.title}` }));
    const bar = screen.getByRole('region', { name: 'Ação em lote' });
    expect(within(bar).getByText('3 selecionadas')).toBeInTheDocument();
    // Only the steps that ask nothing are offered in bulk.
    expect(within(bar).queryByRole('button', { name: /Reprovar/ })).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Aprovar (3)' }));
    expect(await screen.findByText('"Aprovar" nas 3 pendências selecionadas?', {}, T)).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));

    const summary = await screen.findByText('Feito: "Aprovar" em 2 pendências. Não foi possível em 1.', {}, T);
    const alert = summary.closest('.ant-alert') as HTMLElement;
    expect(within(alert).getByText(docs[1].title)).toBeInTheDocument();
    expect(alert.textContent).toMatch(/alterado por outra pessoa/);
    const lote = t.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/pendencias/lote')!;
    expect((lote.body as { transition: string; items: unknown[] }).transition).toBe('aprovar');
    expect((lote.body as { items: unknown[] }).items).toHaveLength(3);
    for (const [i, d] of docs.entries()) {
      const rec = await call<{ Situacao: string }>(`/api/v1/projetos/${d.id}`, CLIENTE);
      expect(rec.body.Situacao).toBe(i === 1 ? 'PAP' : 'AP');
    }
    // The approved ones leave the queue; the failed one stays, still selected.
    await waitFor(() => expect(screen.queryByRole('link', { name: docs[0].title })).toBeNull(), T);
    expect(screen.getByRole('checkbox', { name: `Selecionar ${docs[1].title}` })).toBeChecked();
  });

  it('an action link opens that step’s dialog on the record page (?acao=)', async () => {
    const doc = await sentDoc(null);
    renderViews({ schemas: [projeto], path: `/projetos/show/${doc.id}?acao=aprovar-com-comentarios` });
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByText('Aprovar com comentários', { selector: '.ant-modal-title' })).toBeInTheDocument();
    await waitFor(() => expect(currentLocation.search).not.toContain('acao='));
  });

  it('an unknown or unavailable step in ?acao= opens nothing and leaves the URL', async () => {
    const doc = await sentDoc(null);
    renderViews({ schemas: [projeto], path: `/projetos/show/${doc.id}?acao=liberar-construcao` });
    await screen.findByRole('group', { name: 'Ações da situação' }, T);
    await waitFor(() => expect(currentLocation.search).not.toContain('acao='));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when nothing is pending', async () => {
    const nobody = 'sem.pendencias@portal.local';
    t.mock.api.addUser({ email: nobody, name: 'Sem Pendências', roles: [], obra: [] });
    t.mock.setUser(nobody);
    page();
    await screen.findByText('Nada pendente por aqui.', {}, T);
  });

  it('the header bell shows the count, a red badge and "N atrasadas" when some are overdue, and opens the page', async () => {
    await sentDoc(-HOUR, 'Violado');
    const count = (await call<{ total: number; atrasadas: number }>('/api/v1/pendencias/contagem', CLIENTE)).body;
    expect(count.atrasadas).toBeGreaterThan(0);
    renderViews({
      schemas: [projeto],
      path: '/',
      routes: (
        <>
          <Route path="/" element={<PendenciasBell />} />
          <Route path="/pendencias" element={<PendenciasPage />} />
        </>
      ),
    });
    const bell = screen.getByRole('link', { name: /^Minhas pendências/ });
    expect(bell).toHaveAttribute('href', '/pendencias');
    await waitFor(() => expect(bell).toHaveAccessibleName(bellLabel(count.total, count.atrasadas)), T);
    expect(bell).toHaveAccessibleName(new RegExp(`^Minhas pendências: ${count.total}, ${count.atrasadas} atrasadas?$`));
    const badge = bell.querySelector('.ant-badge-count') as HTMLElement;
    expect(badge.getAttribute('title')).toBe(String(count.total));
    // Dark red: white 12 px digits on it have a contrast of at least 4.5:1.
    expect(badge.style.background).toBe('rgb(207, 19, 34)');
    expect(bellLabel(4, 0)).toBe('Minhas pendências: 4');

    fireEvent.click(bell);
    await waitFor(() => expect(currentLocation.pathname).toBe('/pendencias'));
    await screen.findByText('Minhas pendências', { selector: 'h3' });
  });
});
