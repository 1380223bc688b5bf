/**
 * The SLA editor against the real API in-process (MSW → Hono → PGlite), as the administrator: the
 * server's pt-BR refusal of a zero target is shown and nothing is stored; a valid change is saved
 * with a new version.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { renderViews, TEST_API_URL } from '../../../../tests/app/test-utils';
import { SlaDrawer } from './sla-drawer';

useInProcessApi('admin@portal.local');
const T = { timeout: 30_000 };

const routes = [<Route key="s" path="/sla" element={<SlaDrawer resource="posvendas" apiUrl={TEST_API_URL} onClose={() => undefined} />} />];

describe('SlaDrawer', () => {
  it('shows the refusal of a zero target, then saves a valid change as a new version', async () => {
    renderViews({ schemas: [], path: '/sla', routes });
    await screen.findByText('SLA — Tickets de pós-venda', undefined, T);
    const drawer = screen.getByRole('dialog');
    expect(within(drawer).getByText(/Versão 0 \(a do sistema\)/)).toBeTruthy();
    const first = within(drawer).getAllByLabelText('Prazo de Primeira resposta')[0];
    fireEvent.change(first, { target: { value: '0' } });
    fireEvent.blur(first);
    fireEvent.click(within(drawer).getByRole('button', { name: /Salvar$/ }));
    await within(drawer).findByText(/Política de SLA recusada: O prazo deve ser um número maior que zero/, undefined, T);

    fireEvent.change(first, { target: { value: '3' } });
    fireEvent.blur(first);
    fireEvent.click(within(drawer).getByRole('button', { name: /Salvar$/ }));
    await within(drawer).findByText(/Política salva \(versão 1\)/, undefined, T);
    await waitFor(() => expect((within(drawer).getAllByLabelText('Prazo de Primeira resposta')[0] as HTMLInputElement).value).toBe('3'));
  });
});
