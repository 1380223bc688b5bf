/**
 * The webhooks list (issue 41) on a phone (390 px), against the real API in-process: one column with
 * the state and the failures in a row; "Reativar" a paused webhook (then "Enviar teste" is offered);
 * "Rotacionar segredo" with a grace period shows the new secret once and the previous one keeps
 * signing for those hours; "Excluir" asks first, then the webhook is gone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

describe('the webhooks list on a phone', { timeout: 120_000 }, () => {
  const width = window.innerWidth;
  beforeEach(() => {
    window.innerWidth = 390;
  });
  afterEach(() => {
    window.innerWidth = width;
  });

  it('reactivates, rotates the secret and deletes', async () => {
    const accounts = (await (await t.mock.api.request('/api/v1/contas-servico')).json()) as { id: number; nome: string }[];
    const erp = accounts.find((a) => a.nome === 'Integração ERP')!;
    const created = await t.mock.api.request('/api/v1/webhooks', {
      method: 'POST',
      as: ADMIN,
      json: {
        nome: 'ERP',
        url: 'https://93.184.216.34/ganchos',
        eventos: ['contratos.criado', 'contratos.alterado', 'contratos.excluido', 'ping'],
        contaServico: erp.id,
      },
    });
    const { id, segredo } = (await created.json()) as { id: number; segredo: string };
    await sql`update webhook set situacao = 'pausado', falhas_consecutivas = 3 where id = ${id}`.execute(t.mock.api.db);
    const hook = async () => (await (await t.mock.api.request(`/api/v1/webhooks/${id}`)).json()) as Record<string, unknown>;

    renderViews({ schemas: [], path: '/admin/webhooks', routes: <Route path="/admin/webhooks" element={<WebhooksPage />} />, user: DEMO_USERS[ADMIN] });
    expect(await screen.findByRole('columnheader', { name: 'Webhooks' }, T)).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Eventos' })).toBeNull();
    expect(screen.getByRole('button', { name: /Novo/ })).toHaveTextContent(/^Novo$/);
    const row = (await screen.findByRole('link', { name: 'ERP' }, T)).closest('tr')!;
    expect(within(row).getByText('Pausado')).toBeInTheDocument();
    expect(within(row).getByText('3 falhas seguidas')).toBeInTheDocument();
    expect(within(row).getByText('Conta de serviço: Integração ERP')).toBeInTheDocument();
    // Three events as tags, the fourth behind "+1".
    expect(within(row).getByText('contratos.criado')).toBeInTheDocument();
    expect(within(row).getByTestId('mais-eventos')).toHaveTextContent('+1 (ping)');
    expect(within(row).queryByRole('button', { name: 'Enviar teste para ERP' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Reativar ERP' }));
    expect(await screen.findByText('Webhook “ERP” reativado.', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Ativo')).toBeInTheDocument(), T);
    expect(await hook()).toMatchObject({ situacao: 'ativo', falhasConsecutivas: 0 });
    expect(screen.getByRole('button', { name: 'Enviar teste para ERP' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Rotacionar segredo de ERP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotacionar segredo: ERP' }, T);
    const hours = within(dialog).getByLabelText('Carência (horas)');
    expect(hours).toHaveValue('24');
    fireEvent.change(hours, { target: { value: '48' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotacionar segredo' }));
    const shown = await screen.findByTestId('segredo-webhook', {}, T);
    expect(shown.textContent).toMatch(/^whsec_/);
    expect(shown.textContent).not.toBe(segredo);
    expect(screen.getByRole('dialog', { name: 'Segredo novo: ERP' })).toHaveTextContent('Copie o segredo agora: ele não será mostrado de novo.');
    const rotation = t.requests.find((r) => r.method === 'POST' && r.url.pathname === `/api/v1/webhooks/${id}/rotacionar-segredo`);
    expect(rotation?.body).toEqual({ carenciaHoras: 48 });
    const until = Date.parse(String((await hook()).segredoAnteriorAte));
    expect(Math.abs(until - (Date.now() + 48 * 3_600_000))).toBeLessThan(120_000);
    fireEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(screen.queryByTestId('segredo-webhook')).toBeNull(), T);

    fireEvent.click(screen.getByRole('button', { name: 'Excluir ERP' }));
    const confirm = await screen.findByRole('tooltip', {}, T);
    expect(confirm).toHaveTextContent('Excluir o webhook “ERP”?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Webhook “ERP” excluído.', {}, T)).toBeInTheDocument();
    expect(await screen.findByText(/Nenhum webhook\./, {}, T)).toBeInTheDocument();
    expect((await t.mock.api.request(`/api/v1/webhooks/${id}`)).status).toBe(404);
  });
});
