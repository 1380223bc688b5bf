/**
 * "Novo webhook" (issue 41) against the real API in-process: an address without HTTPS is refused
 * with the API's pt-BR message under the field and nothing is created; with an HTTPS address the
 * webhook is created and its generated secret shown once, in the dialog, with "Copiar segredo";
 * once the dialog is closed the list shows the webhook and the secret is gone from the page. Editing
 * shows the chosen events, has no secret field, refuses a private address under the field and saves.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { WebhooksPage } from './webhooks-page';

const ADMIN = 'admin@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);

/** Opens an antd select by its label, types `search` and picks the option with this text. */
async function choose(label: string, option: string, search?: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  if (search) fireEvent.change(input, { target: { value: search } });
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }, T));
}

describe('the webhook form', { timeout: 120_000 }, () => {
  it('refuses an http:// address under the field, then shows the secret once', async () => {
    delete process.env.WEBHOOK_ALLOW_HTTP;
    const count = async () => ((await (await t.mock.api.request('/api/v1/webhooks')).json()) as unknown[]).length;
    expect(await count()).toBe(0);
    renderViews({
      schemas: [],
      path: '/admin/webhooks',
      routes: <Route path="/admin/webhooks" element={<WebhooksPage />} />,
      user: DEMO_USERS[ADMIN],
    });
    expect(await screen.findByRole('heading', { name: 'Webhooks' }, T)).toBeInTheDocument();
    expect(await screen.findByText(/Nenhum webhook\./, {}, T)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Novo/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo webhook' }, T);
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'ERP — contratos' } });
    fireEvent.change(within(dialog).getByLabelText('Endereço (URL)'), { target: { value: 'http://erp.exemplo.com.br/ganchos' } });
    await choose('Eventos', 'Contratos: registro criado', 'contratos.criado');
    await choose('Eventos', 'Contratos: passo “Aprovar contrato”', 'aprovar contrato');
    await choose('Conta de serviço', 'Integração ERP');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar webhook' }));

    expect(await within(dialog).findByText('O endereço deve usar HTTPS.', {}, T)).toBeInTheDocument();
    const refused = t.requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/v1/webhooks');
    expect(refused).toHaveLength(1);
    expect(refused[0].body).toEqual({
      nome: 'ERP — contratos',
      url: 'http://erp.exemplo.com.br/ganchos',
      eventos: ['contratos.criado', 'contratos.transicao.aprovar'],
      contaServico: expect.any(Number),
    });
    expect(await count()).toBe(0);
    expect(screen.queryByTestId('segredo-webhook')).toBeNull();

    // A public address literal: no DNS needed, and the SSRF guard lets it through.
    fireEvent.change(within(dialog).getByLabelText('Endereço (URL)'), { target: { value: 'https://93.184.216.34/ganchos' } });
    await waitFor(() => expect(within(dialog).queryByText('O endereço deve usar HTTPS.')).toBeNull(), T);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar webhook' }));
    const shown = await screen.findByTestId('segredo-webhook', {}, T);
    const secret = shown.textContent ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(screen.getByRole('dialog', { name: 'Webhook criado: ERP — contratos' })).toHaveTextContent('Copie o segredo agora: ele não será mostrado de novo.');
    expect(await count()).toBe(1);

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: /Copiar segredo/ }));
    expect(await screen.findByRole('button', { name: /Copiado/ }, T)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(secret);
    Reflect.deleteProperty(navigator, 'clipboard');

    fireEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(screen.queryByTestId('segredo-webhook')).toBeNull(), T);
    expect(await screen.findByRole('link', { name: 'ERP — contratos' }, T)).toBeInTheDocument();
    expect(screen.getByText('https://93.184.216.34/ganchos')).toBeInTheDocument();
    expect(screen.getByText('contratos.transicao.aprovar')).toBeInTheDocument();
    expect(screen.getByText('Ativo')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(secret);
    // The list's GET never carries the secret either.
    const listed = (await (await t.mock.api.request('/api/v1/webhooks')).json()) as Record<string, unknown>[];
    expect(listed[0]).not.toHaveProperty('segredo');
  });

  it('edits a webhook: a private address is refused under the field, then the change is saved', async () => {
    const accounts = (await (await t.mock.api.request('/api/v1/contas-servico')).json()) as { id: number; nome: string }[];
    const erp = accounts.find((a) => a.nome === 'Integração ERP')!;
    const created = await t.mock.api.request('/api/v1/webhooks', {
      method: 'POST',
      as: ADMIN,
      json: { nome: 'BI', url: 'https://93.184.216.35/bi', eventos: ['diarios.assinado'], contaServico: erp.id },
    });
    const { id } = (await created.json()) as { id: number };
    renderViews({ schemas: [], path: '/admin/webhooks', routes: <Route path="/admin/webhooks" element={<WebhooksPage />} />, user: DEMO_USERS[ADMIN] });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar BI' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Editar webhook: BI' }, T);
    // The chosen event by its label; no secret field (a new secret comes from "Rotacionar segredo").
    expect(within(dialog).getByText('Diário de obra assinado (diarios.assinado)')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Segredo (opcional)')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Endereço (URL)'), { target: { value: 'https://10.0.0.8/bi' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('O endereço aponta para uma rede privada ou reservada, que não é permitida.', {}, T)).toBeInTheDocument();
    const stored = async () => (await (await t.mock.api.request(`/api/v1/webhooks/${id}`)).json()) as { url: string; eventos: string[] };
    expect((await stored()).url).toBe('https://93.184.216.35/bi');

    fireEvent.change(within(dialog).getByLabelText('Endereço (URL)'), { target: { value: 'https://93.184.216.36/bi' } });
    await choose('Eventos', 'Importação concluída (importacao.concluida)', 'importa');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Webhook “BI” salvo.', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar webhook: BI' })).toBeNull(), T);
    expect(await stored()).toMatchObject({ url: 'https://93.184.216.36/bi', eventos: ['diarios.assinado', 'importacao.concluida'] });
    expect(await screen.findByText('https://93.184.216.36/bi', {}, T)).toBeInTheDocument();
  });
});
