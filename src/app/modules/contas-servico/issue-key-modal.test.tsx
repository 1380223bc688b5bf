/**
 * "Emitir chave" (issue 41) against the real API in-process: a validity in the past is refused with the
 * API's pt-BR message under the field and nothing issued; the issued key is shown once, in the dialog,
 * with "Copiar chave"; once the dialog is closed the page lists the key by its start only, and
 * "Emitir chave" opens an empty form again.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { ServiceAccountsPage } from './service-accounts-page';

const ADMIN = 'admin@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);

describe('issuing an API key', { timeout: 120_000 }, () => {
  it('shows the key once, with a copy button, and never again', async () => {
    const accounts = (await (await t.mock.api.request('/api/v1/contas-servico')).json()) as { id: number; nome: string }[];
    const erp = accounts.find((a) => a.nome === 'Integração ERP')!;
    const keysOf = async () => ((await (await t.mock.api.request(`/api/v1/contas-servico/${erp.id}`)).json()).chaves as { prefixo: string }[]).length;
    const before = await keysOf();
    renderViews({
      schemas: [],
      path: `/admin/contas-servico/${erp.id}`,
      routes: <Route path="/admin/contas-servico/:id" element={<ServiceAccountsPage />} />,
      user: DEMO_USERS[ADMIN],
    });
    expect(await screen.findByRole('heading', { name: 'Conta de serviço: Integração ERP' }, T)).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: /Emitir chave/ }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir chave: Integração ERP' }, T);
    expect(within(dialog).getByRole('switch', { name: 'Somente leitura' })).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText('Nome da chave (opcional)'), 'Produção');

    const until = within(dialog).getByLabelText('Válida até');
    await userEvent.clear(until);
    await userEvent.type(until, '10/01/2020 10:00{enter}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir chave' }));
    expect(await within(dialog).findByText(/^A validade \(10\/01\/2020 \d{2}:00\) já passou: informe uma data futura\.$/, {}, T)).toBeInTheDocument();
    expect(await keysOf()).toBe(before);

    const next = new Date(Date.now() + 60 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await userEvent.clear(until);
    await userEvent.type(until, `${pad(next.getDate())}/${pad(next.getMonth() + 1)}/${next.getFullYear()} 18:00{enter}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir chave' }));
    const shown = await screen.findByTestId('chave-emitida', {}, T);
    const key = shown.textContent ?? '';
    expect(key).toMatch(/^ptl_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(screen.getByRole('dialog', { name: 'Chave emitida: Integração ERP' })).toHaveTextContent('Copie a chave agora: ela não será mostrada de novo.');
    expect(await keysOf()).toBe(before + 1);

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: /Copiar chave/ }));
    expect(await screen.findByRole('button', { name: /Copiada/ }, T)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(key);
    Reflect.deleteProperty(navigator, 'clipboard');

    fireEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(screen.queryByTestId('chave-emitida')).toBeNull(), T);
    // The list shows the key by its start, named and read-only; the key itself is gone from the page.
    const start = key.slice(0, 'ptl_'.length + 16);
    expect(await screen.findByText(`${start}…`, {}, T)).toBeInTheDocument();
    expect(screen.getByText('Produção')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(key);
    fireEvent.click(screen.getByRole('button', { name: /Emitir chave/ }));
    const again = await screen.findByRole('dialog', { name: 'Emitir chave: Integração ERP' }, T);
    expect(within(again).getByLabelText('Nome da chave (opcional)')).toHaveValue('');
    expect(screen.queryByTestId('chave-emitida')).toBeNull();
  });
});
