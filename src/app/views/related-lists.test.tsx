/**
 * Records shown inside their parent (schema `related`), against the real API in-process: a
 * contract's products with the referenced product's name and the contract total, and a ticket's
 * interactions added and answered from the ticket page with the ticket locked in the form.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { renderViews } from '../../../tests/app/test-utils';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../mocks/test-app';

const ADMIN = 'admin@portal.local';
const T = { timeout: 45_000 };
const t = useInProcessApi(ADMIN);
const s = (name: string) => schemaByName(name) as EntitySchema;

async function api<R = Record<string, unknown>>(path: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: R }> {
  const res = await t.mock.api.request(path, { ...init, as: ADMIN });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as R };
}

describe('related records inside their parent', { timeout: 120_000 }, () => {
  it("lists a contract's products by product name, with the contract total over every item", async () => {
    const [ct] = (await api<{ id: number }[]>('/api/v1/contratos?numero=CT-2025-007')).body;
    renderViews({ schemas: [s('contrato'), s('produtoContrato'), s('produto')], path: `/contratos/show/${ct.id}`, user: DEMO_USERS[ADMIN] });
    const region = await screen.findByRole('region', { name: /Produtos do contrato/ }, T);
    await waitFor(() => expect(within(region).getByText(/\(2\)/)).toBeInTheDocument(), T);
    // Each item's product is shown by the product's name, linked to it, not by its id.
    const names = await within(region).findAllByRole('link', { name: 'Painel de média tensão 15 kV' }, T);
    expect(names).toHaveLength(2);
    expect(names[0].getAttribute('href')).toMatch(/^\/produtos\/\d+$/);
    // 2 × 298.000 + 5 × 279.800, computed by the server for each item and summed by the aggregate API.
    await waitFor(() => expect(within(region).getByText(/^Valor total:/).textContent).toMatch(/R\$\s1\.995\.000,00/), T);
    // The contract is not repeated inside its own contract.
    expect(within(region).queryByText(/Contrato:/)).toBeNull();
  });

  it('adds an interaction to a ticket with the ticket locked, then answers it', async () => {
    // An open ticket (access.md decision 30: a closed one takes no interaction).
    const [ticket] = (await api<{ id: number }[]>('/api/v1/posvendas?status=Em%20atendimento&_end=1')).body;
    renderViews({
      schemas: [s('posvenda'), s('ticketInteracao'), s('custoPosvenda'), s('pesquisaSatisfacao')],
      path: `/posvendas/show/${ticket.id}`,
      user: DEMO_USERS[ADMIN],
    });
    const region = await screen.findByRole('region', { name: /Interações/ }, T);
    fireEvent.click(within(region).getByRole('button', { name: /Nova interação/ }));
    const dialog = await screen.findByRole('dialog', {}, T);
    // The ticket is filled in and cannot be changed.
    const ticketField = within(dialog).getByLabelText('Ticket');
    expect(ticketField.closest('.ant-select')?.className).toContain('ant-select-disabled');
    const text = `Cliente informado do prazo ${Date.now()}`;
    fireEvent.change(within(dialog).getByLabelText('Texto'), { target: { value: text } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(t.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/v1/ticket-interacoes')).toBe(true), T);
    const post = t.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/ticket-interacoes')!;
    expect(post.body).toMatchObject({ ticket: ticket.id, texto: text });
    const item = await within(region).findByText(text, {}, T);
    await screen.findByText('Interação registrada.', {}, T);
    const article = item.closest('article')!;

    fireEvent.click(within(article as HTMLElement).getByRole('button', { name: /Responder/ }));
    const reply = await screen.findByRole('dialog', {}, T);
    await waitFor(() => expect(within(reply).getByLabelText('Em resposta a').closest('.ant-select')?.className).toContain('ant-select-disabled'), T);
    fireEvent.change(within(reply).getByLabelText('Texto'), { target: { value: 'Prazo confirmado.' } });
    fireEvent.click(within(reply).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(region).getByText(/Em resposta a .*Cliente informado do prazo/)).toBeInTheDocument(), T);
    await screen.findByText('Resposta registrada.', {}, T);
  });

  it('offers no reply on a concluded ticket, nor to a read-only role (access.md decision 30)', async () => {
    const schemas = [s('posvenda'), s('ticketInteracao'), s('custoPosvenda'), s('pesquisaSatisfacao')];
    const note = (ticket: number) => ({ method: 'POST', json: { ticket, texto: 'Aguardando o retorno do cliente.', responsavel: { mail: ADMIN } } });
    // A ticket with an interaction, then concluded.
    const [done] = (await api<{ id: number }[]>('/api/v1/posvendas?status=Aguardando%20cliente&_end=1')).body;
    expect((await api('/api/v1/ticket-interacoes', note(done.id))).status).toBe(201);
    const current = await api<{ version: number }>(`/api/v1/posvendas/${done.id}`);
    const concluded = await api<{ status: string }>(`/api/v1/posvendas/${done.id}/transitions/concluir`, {
      method: 'POST',
      json: { version: current.body.version, comment: 'Resolvido.' },
    });
    expect(concluded.body.status).toBe('Concluído');
    const view = renderViews({ schemas, path: `/posvendas/show/${done.id}`, user: DEMO_USERS[ADMIN] });
    let region = await screen.findByRole('region', { name: /Interações/ }, T);
    await within(region).findAllByRole('article', {}, T);
    expect(within(region).queryByRole('button', { name: /Nova interação/ })).toBeNull();
    expect(within(region).queryByRole('button', { name: /Responder/ })).toBeNull();
    view.unmount();

    const [open] = (await api<{ id: number }[]>('/api/v1/posvendas?status=Em%20atendimento&_end=1')).body;
    expect((await api('/api/v1/ticket-interacoes', note(open.id))).status).toBe(201);
    t.mock.setUser('controladoria@portal.local');
    renderViews({ schemas, path: `/posvendas/show/${open.id}`, user: DEMO_USERS['controladoria@portal.local'] });
    region = await screen.findByRole('region', { name: /Interações/ }, T);
    await within(region).findAllByRole('article', {}, T);
    expect(within(region).queryByRole('button', { name: /Nova interação/ })).toBeNull();
    expect(within(region).queryByRole('button', { name: /Responder/ })).toBeNull();
    t.mock.setUser(ADMIN);
  });

  it("a client sees its site's ticket with the client-visible timeline and replies with text only; no reply on a concluded one", async () => {
    const CLI = 'cliente@portal.local';
    const schemas = [s('posvenda'), s('ticketInteracao'), s('custoPosvenda'), s('pesquisaSatisfacao')];
    const asClient = async <R,>(path: string) => (await (await t.mock.api.request(path, { as: CLI })).json()) as R;
    const [open] = await asClient<{ id: number }[]>('/api/v1/posvendas?obra=101&status=Em%20atendimento&_end=1');
    t.mock.setUser(CLI);
    const view = renderViews({ schemas, path: `/posvendas/show/${open.id}`, user: DEMO_USERS[CLI] });
    let region = await screen.findByRole('region', { name: /Interações/ }, T);
    await within(region).findAllByRole('article', {}, T);
    // The demo's staff reply is there; the internal note is not.
    expect(within(region).getByText(/confirme a data da parada/)).toBeInTheDocument();
    expect(within(region).queryByText(/Conferir o desenho de montagem/)).toBeNull();
    // The section's button comes first (each message of the timeline also offers its own "Responder").
    fireEvent.click(within(region).getAllByRole('button', { name: /Responder/ })[0]);
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByLabelText('Texto')).toBeInTheDocument();
    for (const label of ['Responsável', 'Visível ao cliente', 'Tipo', 'Registrado por']) expect(within(dialog).queryByLabelText(label)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Texto'), { target: { value: 'A parada da linha será no dia 12.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(region).getByText('A parada da linha será no dia 12.')).toBeInTheDocument(), T);
    await screen.findByText('Resposta registrada.', {}, T);
    view.unmount();

    const [done] = await asClient<{ id: number }[]>('/api/v1/posvendas?obra=101&status=Conclu%C3%ADdo&_end=1');
    renderViews({ schemas, path: `/posvendas/show/${done.id}`, user: DEMO_USERS[CLI] });
    region = await screen.findByRole('region', { name: /Interações/ }, T);
    // Loaded (the count shows), with no way to write on the concluded ticket.
    await waitFor(() => expect(within(region).getByText(/\(\d+\)/)).toBeInTheDocument(), T);
    expect(within(region).queryByRole('button', { name: /Responder/ })).toBeNull();
    t.mock.setUser(ADMIN);
  });
});
