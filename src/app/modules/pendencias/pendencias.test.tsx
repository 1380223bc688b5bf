/**
 * "Minhas pendências" (page and header bell) against the real API in-process (mocks/api.ts):
 * GET /api/v1/pendencias as the administrator, who is the responsible person of a new contract,
 * and as a user without roles, for whom nothing is pending.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { schemaByName } from '../../../../schemas/index';
import type { EntitySchema } from '../../../../schemas/kinds';
import { currentLocation, renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { PendenciasBell } from './pendencias-bell';
import { PendenciasPage } from './pendencias-page';
import type { Pendencia } from '../../workflow/types';
import { CNPJ } from '../../../server/seed/demo-empresas';

const contrato = schemaByName('contrato') as EntitySchema;
const ADMIN = 'admin@portal.local';
const T = { timeout: 20_000 };
const t = useInProcessApi(ADMIN);

async function pendencias(query: string, as = ADMIN): Promise<{ items: Pendencia[]; total: number }> {
  const res = await t.mock.api.request(`/api/v1/pendencias?${query}`, { as });
  expect(res.status).toBe(200);
  return { items: (await res.json()) as Pendencia[], total: Number(res.headers.get('x-total-count')) };
}

/** A contract in Revisão whose responsible person is the administrator: pending for them. */
async function newContract(numero: string): Promise<number> {
  const me = { mail: ADMIN, nome: 'Administrador' };
  const res = await t.mock.api.request('/api/v1/contratos', {
    method: 'POST',
    as: ADMIN,
    json: {
      numero,
      tipo: 'Fornecimento',
      contraparte: CNPJ.trafoSul,
      objeto: 'Fornecimento de perfis metálicos',
      obra: '101',
      responsavel: me,
      gestor: me,
      validador: me,
      arquivos: [{ key: 'demo/testes/contrato.pdf', name: 'contrato.pdf', size: 1000, type: 'application/pdf' }],
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const page = (path = '/pendencias') => renderViews({ schemas: [contrato], path, routes: <Route path="/pendencias" element={<PendenciasPage />} /> });

describe('Minhas pendências', () => {
  it('lists what waits for the user: entity, title linking to the record, state, age and actions', async () => {
    const id = await newContract(`PEND-${Date.now().toString(36)}`);
    const { items } = await pendencias('_start=0&_end=20');
    const mine = items.find((p) => p.resource === 'contratos' && p.id === id)!;
    expect(mine).toMatchObject({ label: 'Contrato', state: 'Revisão' });

    page();
    const link = await screen.findByRole('link', { name: mine.title }, T);
    expect(link).toHaveAttribute('href', `/contratos/${id}`);
    const item = link.closest('.ant-list-item') as HTMLElement;
    expect(within(item).getByText('Contrato · Obra 101')).toBeInTheDocument();
    expect(within(item).getByText('Revisão', { selector: '.ant-tag' }).className).toContain('ant-tag-blue');
    expect(within(item).getByText('hoje')).toBeInTheDocument();
    for (const label of mine.transitions) expect(within(item).getByText(label, { selector: '.ant-tag' })).toBeInTheDocument();
    expect(mine.transitions).toContain('Emitir para o Jurídico');
    // Newest first, as the API sends them.
    const titles = [...document.querySelectorAll('.ant-list-item strong')].map((e) => e.textContent);
    expect(titles[0]).toBe(items[0].title);
  });

  it('says so when nothing is pending', async () => {
    // A staff member without roles, named in no record.
    const nobody = 'sem.pendencias@portal.local';
    t.mock.api.addUser({ email: nobody, name: 'Sem Pendências', roles: [], obra: [] });
    const { total } = await pendencias('_start=0&_end=20', nobody);
    expect(total).toBe(0);
    t.mock.setUser(nobody);
    page();
    await screen.findByText('Nada pendente por aqui.', {}, T);
  });

  it('the header bell shows the pending count and opens the page', async () => {
    await newContract(`BELL-${Date.now().toString(36)}`);
    const { total } = await pendencias('_start=0&_end=1');
    expect(total).toBeGreaterThan(0);
    renderViews({
      schemas: [contrato],
      path: '/',
      routes: (
        <>
          <Route path="/" element={<PendenciasBell />} />
          <Route path="/pendencias" element={<PendenciasPage />} />
        </>
      ),
    });
    const bell = screen.getByRole('link', { name: /^Minhas pendências/ });
    expect(bell).toHaveAttribute('href', '/pendencias');
    await waitFor(() => expect(bell.querySelector('.ant-badge-count')?.getAttribute('title')).toBe(String(total)), T);
    // The accessible name carries the visible count (WCAG "label in name").
    expect(bell).toHaveAccessibleName(`Minhas pendências: ${total}`);
    const req = t.requests.find((r) => r.method === 'GET' && r.url.pathname === '/api/v1/pendencias')!.url;
    expect(req.searchParams.get('_end')).toBe('1');

    fireEvent.click(bell);
    await waitFor(() => expect(currentLocation.pathname).toBe('/pendencias'));
    await screen.findByText('Minhas pendências', { selector: 'h3' });
  });
});
