/**
 * The post-sales ticket page on the generic show view (issue 36), against the real API in-process:
 * the title wraps on a phone, a client's page asks nothing of the staff-only people directory, a
 * staff answer starts with its author as "Responsável" and visible to the client, and a client's
 * reply shows the ticket back in service without a reload.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { renderViews } from '../../../tests/app/test-utils';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../mocks/test-app';

const ADMIN = 'admin@portal.local';
const CLI = 'cliente@portal.local';
const T = { timeout: 45_000 };
const t = useInProcessApi(ADMIN);
const s = (name: string) => schemaByName(name) as EntitySchema;
const SCHEMAS = () => [s('posvenda'), s('ticketInteracao'), s('custoPosvenda'), s('pesquisaSatisfacao')];

async function api<R = Record<string, unknown>>(
  path: string,
  init: { method?: string; json?: unknown } = {},
  as = ADMIN,
): Promise<{ status: number; body: R }> {
  const res = await t.mock.api.request(path, { ...init, as });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as R };
}

describe('the ticket page (issue 36)', { timeout: 120_000 }, () => {
  it('the record title is a heading that wraps instead of being cut', async () => {
    const [ticket] = (await api<{ id: number; titulo: string }[]>('/api/v1/posvendas?status=Em%20atendimento&_end=1')).body;
    renderViews({ schemas: SCHEMAS(), path: `/posvendas/show/${ticket.id}`, user: DEMO_USERS[ADMIN] });
    const title = await screen.findByRole('heading', { name: `Ticket de pós-venda: ${ticket.titulo}` }, T);
    expect(title).toHaveStyle({ whiteSpace: 'normal' });
    // The page's header is arranged by page-title.css (buttons under the title on a phone).
    expect(title.closest('.portal-show')).not.toBeNull();
  });

  it("a client's ticket page makes no request to the staff-only people directory", async () => {
    // A ticket the client answered: its history and "Atualizado por" name the client by address.
    const [open] = (await api<{ id: number; version: number }[]>('/api/v1/posvendas?obra=101&status=Em%20atendimento&_end=1')).body;
    await api(`/api/v1/posvendas/${open.id}/transitions/aguardar-cliente`, { method: 'POST', json: { version: open.version } });
    const reply = await api('/api/v1/ticket-interacoes', { method: 'POST', json: { ticket: open.id, texto: 'Pode vir na quinta.' } }, CLI);
    expect(reply.status).toBe(201);
    t.requests.length = 0;
    t.mock.setUser(CLI);
    renderViews({ schemas: SCHEMAS(), path: `/posvendas/show/${open.id}`, user: DEMO_USERS[CLI] });
    const region = await screen.findByRole('region', { name: /Interações/ }, T);
    await within(region).findAllByRole('article', {}, T);
    // The record's meta line and history are there, names taken from the record itself.
    await screen.findByText(/Criado em/, {}, T);
    await screen.findByText('Histórico', {}, T);
    fireEvent.click(within(region).getAllByRole('button', { name: /Responder/ })[0]);
    await screen.findByRole('dialog', {}, T);
    expect(t.requests.filter((r) => r.url.pathname === '/api/v1/pessoas').map((r) => r.url.search)).toEqual([]);
    t.mock.setUser(ADMIN);
  });

  it('a staff answer is its text, visibility, kind and attachments; the person answering is its Responsável', async () => {
    const [ticket] = (await api<{ id: number }[]>('/api/v1/posvendas?status=Em%20atendimento&_end=1')).body;
    renderViews({ schemas: SCHEMAS(), path: `/posvendas/show/${ticket.id}`, user: DEMO_USERS[ADMIN] });
    const region = await screen.findByRole('region', { name: /Interações/ }, T);
    fireEvent.click(within(region).getByRole('button', { name: /Nova interação/ }));
    const dialog = await screen.findByRole('dialog', {}, T);
    const visible = await within(dialog).findByRole('switch', { name: 'Visível ao cliente' }, T);
    expect(visible).toBeChecked();
    within(dialog).getByLabelText('Tipo');
    within(dialog).getByLabelText('Texto');
    // The date and the people start as now and the person answering: not asked.
    for (const label of ['Responsável: e-mail', 'Registrado por: e-mail', 'Data']) expect(within(dialog).queryByLabelText(label)).toBeNull();
    // It stays a choice: an internal note is unticked and saved so.
    fireEvent.click(visible);
    expect(visible).not.toBeChecked();
    fireEvent.change(within(dialog).getByLabelText('Texto'), { target: { value: 'Nota interna sobre o fornecedor.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(t.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/v1/ticket-interacoes')).toBe(true), T);
    const post = t.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/ticket-interacoes')!;
    expect(post.body).toMatchObject({ ticket: ticket.id, visivelCliente: false });
    await screen.findByText('Interação registrada.', {}, T);
    const saved = (
      await api<{ texto: string; responsavel: { mail: string }; responsavelRegistro: { mail: string } }[]>(
        `/api/v1/ticket-interacoes?ticket=${ticket.id}&_sort=id&_order=desc&_end=1`,
      )
    ).body[0];
    expect(saved).toMatchObject({ texto: 'Nota interna sobre o fornecedor.', responsavel: { mail: ADMIN }, responsavelRegistro: { mail: ADMIN } });
  });

  it("after a client's reply the ticket shows it is back in service, without a reload", async () => {
    // A ticket of the client's site waiting for the client.
    const [open] = (await api<{ id: number; version: number }[]>('/api/v1/posvendas?obra=101&status=Em%20atendimento&_end=1')).body;
    const waiting = await api<{ status: string }>(`/api/v1/posvendas/${open.id}/transitions/aguardar-cliente`, {
      method: 'POST',
      json: { version: open.version, comment: 'Aguardando a data da parada.' },
    });
    expect(waiting.body.status).toBe('Aguardando cliente');
    t.mock.setUser(CLI);
    renderViews({ schemas: SCHEMAS(), path: `/posvendas/show/${open.id}`, user: DEMO_USERS[CLI] });
    await waitFor(() => expect(screen.getByTestId('workflow-state')).toHaveTextContent('Aguardando cliente'), T);
    const region = await screen.findByRole('region', { name: /Interações/ }, T);
    fireEvent.click(within(region).getAllByRole('button', { name: /Responder/ })[0]);
    const dialog = await screen.findByRole('dialog', {}, T);
    fireEvent.change(within(dialog).getByLabelText('Texto'), { target: { value: 'A parada será no dia 12.' } });
    const before = t.requests.filter((r) => r.method === 'GET' && r.url.pathname === `/api/v1/posvendas/${open.id}`).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Resposta registrada.', {}, T);
    // The server took "Retomar atendimento"; the page asks for the ticket again and shows it.
    await waitFor(() => expect(screen.getByTestId('workflow-state')).toHaveTextContent('Em atendimento'), T);
    expect(t.requests.filter((r) => r.method === 'GET' && r.url.pathname === `/api/v1/posvendas/${open.id}`).length).toBeGreaterThan(before);
    // The history now names the client as author: still no request to the staff directory; the
    // client's own address reads as their name.
    expect(t.requests.filter((r) => r.url.pathname === '/api/v1/pessoas')).toEqual([]);
    await waitFor(() => expect(screen.getByText(/Atualizado em .* por /).textContent).toContain(`por ${DEMO_USERS[CLI].name}`), T);
    t.mock.setUser(ADMIN);
  });
});
