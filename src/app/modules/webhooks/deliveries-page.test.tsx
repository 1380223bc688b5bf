/**
 * A webhook's delivery log (issue 41) against the real API in-process (no job queue here, so a
 * delivery stays "Pendente"): "Enviar teste" queues a `ping` that the log then lists with its
 * event, time (dd/mm/aaaa HH:mm) and body; once given up (set in the database, as the queue would),
 * it shows the HTTP status, duration, answer and "Reenviar", which posts to the API's
 * `/entregas/{id}/reenviar`. A pending or delivered one (2xx) has no "Reenviar".
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { sql } from 'kysely';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { WebhooksPage } from './webhooks-page';

const ADMIN = 'admin@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);

async function subscribe(): Promise<number> {
  const accounts = (await (await t.mock.api.request('/api/v1/contas-servico')).json()) as { id: number; nome: string }[];
  const erp = accounts.find((a) => a.nome === 'Integração ERP')!;
  const res = await t.mock.api.request('/api/v1/webhooks', {
    method: 'POST',
    as: ADMIN,
    json: { nome: 'BI — diários', url: 'https://93.184.216.34/ganchos', eventos: ['diarios.assinado'], contaServico: erp.id },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const render = (id: number) =>
  renderViews({
    schemas: [],
    path: `/admin/webhooks/${id}`,
    routes: <Route path="/admin/webhooks/:id" element={<WebhooksPage />} />,
    user: DEMO_USERS[ADMIN],
  });

describe('the delivery log', { timeout: 120_000 }, () => {
  it('lists a test delivery; "Reenviar" on a given-up one calls the API', async () => {
    const id = await subscribe();
    render(id);
    expect(await screen.findByRole('heading', { name: 'Webhook: BI — diários' }, T)).toBeInTheDocument();
    expect(await screen.findByText(/Nenhuma entrega ainda/, {}, T)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Enviar teste' }));
    expect(await screen.findByText('Teste enviado.', {}, T)).toBeInTheDocument();
    const row = (await screen.findByText('ping', { selector: 'code' }, T)).closest('tr')!;
    expect(within(row).getByText('Pendente')).toBeInTheDocument();
    expect(within(row).getByText('Teste de entrega')).toBeInTheDocument();
    expect(within(row).getByText(/^Criada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(within(row).getByText('Corpo enviado (JSON)')).toBeInTheDocument();
    expect(row.querySelector('pre')?.textContent).toContain('"evento": "ping"');

    // Pending: in the queue already, nothing to send again.
    expect(within(row).queryByRole('button', { name: /Reenviar/ })).toBeNull();

    // Given up after three attempts: the answer's start and "Reenviar".
    const [delivery] = (await (await t.mock.api.request(`/api/v1/webhooks/${id}/entregas`)).json()) as { id: number; evento: string }[];
    expect(delivery.evento).toBe('ping');
    await sql`update webhook_entrega set situacao = 'desistiu', status_http = 500, duracao_ms = 1250, tentativas = 3, resposta = 'erro interno',
      erro = 'HTTP 500', ultima_tentativa_em = now() where id = ${delivery.id}`.execute(t.mock.api.db);
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar o registro de entregas' }));
    await waitFor(() => expect(screen.getByText('Abandonada')).toBeInTheDocument(), T);
    const failed = screen.getByText('ping', { selector: 'code' }).closest('tr')!;
    expect(within(failed).getByText('HTTP 500', { selector: '.ant-typography-danger *, .ant-typography-danger' })).toBeInTheDocument();
    expect(within(failed).getByText('1,3 s')).toBeInTheDocument();
    expect(within(failed).getByText('Resposta: erro interno')).toBeInTheDocument();
    expect(within(failed).getByText(/^Última tentativa \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeInTheDocument();
    fireEvent.click(within(failed).getByRole('button', { name: `Reenviar a entrega ${delivery.id} (ping)` }));
    expect(await screen.findByText('Entrega reenviada.', {}, T)).toBeInTheDocument();
    expect(t.requests.some((r) => r.method === 'POST' && r.url.pathname === `/api/v1/webhooks/${id}/entregas/${delivery.id}/reenviar`)).toBe(true);
    await waitFor(() => expect(screen.getByText('Pendente')).toBeInTheDocument(), T);

    // Once received (2xx) a delivery is never sent again: no "Reenviar".
    await sql`update webhook_entrega set situacao = 'entregue', status_http = 200, duracao_ms = 42, tentativas = 4, resposta = 'ok', erro = null,
      entregue_em = now(), ultima_tentativa_em = now() where id = ${delivery.id}`.execute(t.mock.api.db);
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar o registro de entregas' }));
    await waitFor(() => expect(screen.getByText('Entregue')).toBeInTheDocument(), T);
    const done = screen.getByText('ping', { selector: 'code' }).closest('tr')!;
    expect(within(done).getByText('HTTP 200')).toBeInTheDocument();
    expect(within(done).getByText('42 ms')).toBeInTheDocument();
    expect(within(done).getByText('Resposta: ok')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: /Reenviar/ })).toBeNull();
  });
});
