/**
 * "Empresas a conferir" against the real API in-process: a company text the registry migration
 * could not match is listed with its record; the picker offers only companies of the kind the
 * field accepts, searched by name; "Vincular" sets the record's company.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { sql } from 'kysely';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { CNPJ } from '../../../server/seed/demo-empresas';
import { PendingCompaniesPage } from './pending-companies-page';

const ADMIN = 'admin@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);

describe('companies to check (decision 29)', { timeout: 120_000 }, () => {
  it('links a pending value to a company of the right kind, picked by name', async () => {
    const db = t.mock.api.db;
    const rec = await sql<{ id: number }>`select id from "ticketSgi" where fornecedor is not null order by id limit 1`.execute(db);
    const id = Number(rec.rows[0].id);
    await sql`update "ticketSgi" set fornecedor = null where id = ${id}`.execute(db);
    await sql`insert into empresa_pendente (tabela, campo, registro_id, valor) values ('ticketSgi', 'fornecedor', ${id}, 'Montagem Ideal')`.execute(db);

    renderViews({
      schemas: [],
      path: '/admin/empresas-pendentes',
      routes: <Route path="/admin/empresas-pendentes" element={<PendingCompaniesPage />} />,
      user: DEMO_USERS[ADMIN],
    });
    const cell = await screen.findByText('Montagem Ideal', undefined, T);
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText(`Registro SGI nº ${id}`).closest('a')).toHaveAttribute('href', `/tickets-sgi/${id}`);
    expect(within(row).getByText('Fornecedor')).toBeInTheDocument();
    const picker = within(row).getByRole('combobox', { name: 'Empresa para "Montagem Ideal"' });
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'montagens' } });
    const option = await waitFor(() => {
      const el = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (e) => e.textContent === 'Montagens Ideal Ltda. — 12.345.678/0001-95',
      );
      if (!el) throw new Error('opção ausente');
      return el;
    }, T);
    // Only suppliers are asked for.
    const searches = t.requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v1/empresas');
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((r) => r.url.searchParams.get('tipo') === 'Fornecedor')).toBe(true);
    fireEvent.click(option);
    fireEvent.click(within(row).getByRole('button', { name: 'Vincular' }));
    await waitFor(
      () => expect(t.requests.some((r) => r.method === 'POST' && /\/api\/v1\/empresas-pendentes\/\d+\/resolver$/.test(r.url.pathname))).toBe(true),
      T,
    );
    const post = t.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ empresa: CNPJ.montagensIdeal });
    await waitFor(() => expect(screen.queryByText('Montagem Ideal')).toBeNull(), T);
    const after = await sql<{ f: string | null }>`select fornecedor as f from "ticketSgi" where id = ${id}`.execute(db);
    expect(after.rows[0].f).toBe(CNPJ.montagensIdeal);
  });
});
