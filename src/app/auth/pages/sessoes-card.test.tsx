/**
 * The profile's "Sessões ativas" card against the real API in-process: the current session marked
 * ("Esta sessão", "agora"), another one with its device, place and Brazilian date; "Sair deste"
 * (confirmed) ends it and it leaves the list; "Sair de todos" (confirmed) ends every session and
 * signs this device out. A 401 'sessao-encerrada' is told on the sign-in page.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { sql } from 'kysely';
import type { AuthProvider } from '@refinedev/core';
import { TEST_API_URL, renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { forgetRevocation, readRevocation } from '../revoked-notice';
import { ensureSchemas, forgetSchemas } from '../../modules/schema-config/effective-schemas';
import { loadAbility } from '../../access/load-ability';
import { SessoesCard } from './sessoes-card';

const CLIENTE = 'cliente@portal.local';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const T = { timeout: 30_000 };
const t = useInProcessApi(CLIENTE);

const logout = vi.fn(async () => ({ success: true }));
const authProvider: AuthProvider = {
  login: async () => ({ success: true }),
  logout,
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
};
const render = () =>
  renderViews({ schemas: [], path: '/usuarios', routes: <Route path="/usuarios" element={<SessoesCard />} />, user: DEMO_USERS[CLIENTE], authProvider });

/** The open confirmation's button. */
async function confirm(title: string, button: string) {
  const pop = (await screen.findByText(title, undefined, T)).closest('.ant-popover') as HTMLElement;
  fireEvent.click(within(pop).getByRole('button', { name: button }));
}

describe('"Sessões ativas" card (issue 35)', { timeout: 120_000 }, () => {
  it('lists the sessions and ends another one after confirming', async () => {
    // Last used two days ago, at 13:05 UTC.
    const used = new Date();
    used.setUTCDate(used.getUTCDate() - 2);
    used.setUTCHours(13, 5, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const shown = `${pad(used.getDate())}/${pad(used.getMonth() + 1)}/${used.getFullYear()} ${pad(used.getHours())}:05`;
    await sql`insert into sessao_acesso (chave, usuario, ip, agente, iniciada_em, ultimo_uso)
      values ('jti:celular-do-cliente', ${CLIENTE}, '192.168.0.14', ${IPHONE}, ${used.toISOString()}, ${used.toISOString()}),
             ('jti:de-outra-pessoa', 'sm@portal.local', '203.0.113.1', ${IPHONE}, now(), now())`.execute(t.mock.api.db);
    render();
    const current = await screen.findByText('Esta sessão', undefined, T);
    expect(within(current.closest('li') as HTMLElement).getByText(/Último uso: agora/)).toBeInTheDocument();
    expect(within(current.closest('li') as HTMLElement).queryByRole('button', { name: 'Sair deste' })).toBeNull();
    const other = screen.getByText('Safari no iPhone').closest('li') as HTMLElement;
    expect(within(other).getByText(`Rede local · Último uso: ${shown}`)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2); // someone else's session is not listed

    fireEvent.click(within(other).getByRole('button', { name: 'Sair deste' }));
    await confirm('Sair desta sessão?', 'Sair');
    await waitFor(() => expect(screen.queryByText('Safari no iPhone')).toBeNull(), T);
    expect(t.requests.some((r) => r.method === 'DELETE' && /^\/api\/v1\/sessoes\/\d+$/.test(r.url.pathname))).toBe(true);
    const row = await sql<{ encerrada_em: Date | null }>`select encerrada_em from sessao_acesso where chave = 'jti:celular-do-cliente'`.execute(t.mock.api.db);
    expect(row.rows[0].encerrada_em).not.toBeNull();
    expect(logout).not.toHaveBeenCalled();
  });

  it('"Sair de todos" ends every session after confirming, then signs this device out', async () => {
    render();
    await screen.findByText('Esta sessão', undefined, T);
    fireEvent.click(screen.getByRole('button', { name: 'Sair de todos' }));
    await confirm('Sair de todas as sessões?', 'Sair de todos');
    await waitFor(() => expect(logout).toHaveBeenCalled(), T);
    expect(t.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/v1/sessoes/sair-de-todos')).toBe(true);
    const open = await sql<{ n: number }>`select count(*)::int as n from sessao_acesso where usuario = ${CLIENTE} and encerrada_em is null`.execute(
      t.mock.api.db,
    );
    expect(open.rows[0].n).toBe(0);
    // The next requests of this session are refused: whichever of the session's first two answers
    // comes first, the app keeps the sentence for the sign-in page.
    for (const first of [() => ensureSchemas(TEST_API_URL, fetch, true), () => loadAbility({ apiUrl: TEST_API_URL, getToken: () => 'x' })]) {
      forgetRevocation();
      await expect(first()).rejects.toMatchObject({ status: 401 });
      expect(readRevocation()).toBe('Esta sessão foi encerrada. Entre novamente para continuar.');
    }
    forgetRevocation();
    forgetSchemas();
  });
});
