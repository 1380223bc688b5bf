/**
 * "Auditoria" against the real API in-process: the entries with pt-BR kinds, modules and
 * Brazilian dates; filtering by person sends `pessoa` and shows only that person's entries;
 * an entry opens to show what changed.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { sql } from 'kysely';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { AuditPage } from './audit-page';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);

describe('audit screen (issue 35)', { timeout: 120_000 }, () => {
  it('lists the trail in pt-BR and filters by person', async () => {
    const db = t.mock.api.db;
    await sql`insert into evento_acesso (tipo, usuario, ip, dispositivo, em) values
      ('entrada', ${SM}, '203.0.113.9', 'Teste/1.0', '2026-03-04T13:05:06Z'),
      ('falha_entrada', 'alguem@portal.local', '198.51.100.1', null, '2026-03-04T12:00:00Z')`.execute(db);
    await sql`update evento_acesso set motivo = 'senha_incorreta' where usuario = 'alguem@portal.local'`.execute(db);
    await sql`insert into auditoria (recurso, registro_id, acao, usuario, alteracoes, em)
      values ('feriados', 77, 'update', ${SM}, cast(${JSON.stringify({ nome: { de: 'Antes', para: 'Depois' } })} as jsonb), '2026-03-04T14:00:00Z')`.execute(
      db,
    );

    renderViews({ schemas: [], path: '/admin/auditoria', routes: <Route path="/admin/auditoria" element={<AuditPage />} />, user: DEMO_USERS[ADMIN] });
    expect(await screen.findByText('Falha de entrada', undefined, T)).toBeInTheDocument();
    const failure = screen.getByText('Falha de entrada').closest('tr') as HTMLElement;
    expect(within(failure).getByText('alguem@portal.local')).toBeInTheDocument();
    expect(within(failure).getByText(/^04\/03\/2026 \d{2}:00:00$/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Pessoa'), { target: { value: SM } });
    fireEvent.click(screen.getByRole('button', { name: /Filtrar/ }));
    await waitFor(() => expect(t.requests.some((r) => r.url.pathname === '/api/v1/auditoria' && r.url.searchParams.get('pessoa') === SM)).toBe(true), T);
    await waitFor(() => expect(screen.queryByText('Falha de entrada')).toBeNull(), T);
    const change = (await screen.findByText('Alteração', undefined, T)).closest('tr') as HTMLElement;
    expect(within(change).getByText('Feriados nº 77')).toBeInTheDocument();
    expect(screen.getAllByText('Entrada no portal').length).toBeGreaterThan(0);
    fireEvent.click(within(change).getByRole('button', { name: /expandir|expand/i }));
    expect(await screen.findByText('Depois', undefined, T)).toBeInTheDocument();
    expect(screen.getByText('Antes')).toBeInTheDocument();
  });
});
