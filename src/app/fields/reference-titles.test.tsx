/**
 * Words, not codes (issue 23): a reference shows its record's title, never its id, even when the
 * viewer may not read the referenced record (the site manager and the materials template). The
 * title comes with the record (`_titles`); the app fetches only titles it was not sent.
 */
import React from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DataProvider } from '@refinedev/core';
import { Route } from 'react-router';
import { renderViews } from '../../../tests/app/test-utils';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../mocks/test-app';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { FieldDisplay } from './display';
import { ReferenceTitlesProvider } from './reference-titles';
import { withReferenceTitles } from '../views/export-xlsx';

const T = { timeout: 45_000 };
const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const material = schemaByName('material') as EntitySchema;
const template = material.fields.find((f) => f.name === 'template')!;

describe('reference titles', { timeout: 120_000 }, () => {
  const t = useInProcessApi(SM);

  async function smList(): Promise<{ list: number; template: number }> {
    const post = async (path: string, json: unknown) => {
      const r = await t.mock.api.request(path, { method: 'POST', as: ADMIN, json });
      expect(r.status).toBe(201);
      return ((await r.json()) as { id: number }).id;
    };
    const tpl = await post('/api/v1/templates-materiais', { nome: 'Modelo padrão de elétrica', disciplina: 'Elétrica' });
    const list = await post('/api/v1/materiais', {
      titulo: 'Lista do galpão novo',
      obra: '101',
      origem: 'Obra',
      template: tpl,
      Quantificou: { mail: 'materiais.quantificador@portal.local', nome: 'Quésia Quantificadora' },
      Site_manager: { mail: SM, nome: 'Sandro' },
    });
    return { list, template: tpl };
  }

  it("the site manager's materials page shows the template's title, not its id, though reading the template is refused", async () => {
    const { list, template: tpl } = await smList();
    expect((await t.mock.api.request(`/api/v1/templates-materiais/${tpl}`, { as: SM })).status).toBe(403);
    renderViews({ schemas: [material], path: `/materiais/show/${list}`, user: DEMO_USERS[SM] });
    const title = await screen.findByText('Modelo padrão de elétrica', {}, T);
    // Not a link: the site manager cannot open the template.
    expect(title.closest('a')).toBeNull();
    expect(screen.queryByText(String(tpl))).not.toBeInTheDocument();
    // The title came with the record: the app did not ask for the template.
    expect(t.requests.filter((r) => r.url.pathname.includes('templates-materiais'))).toEqual([]);
  });

  it('the display uses the title sent with the record first and fetches only the titles it lacks; a refused fetch leaves the key', async () => {
    const asked: string[] = [];
    const refused = {
      getList: (async (params: Parameters<DataProvider['getList']>[0]) => {
        asked.push(params.resource);
        throw Object.assign(new Error('Você não tem permissão'), { statusCode: 403 });
      }) as DataProvider['getList'],
    } as DataProvider;
    const rows = [
      { id: 1, template: 7, _titles: { template: { title: 'Modelo de civil' } } },
      { id: 2, template: 8, _titles: { template: { title: 'Modelo de automação', id: 8 } } },
      { id: 3, template: 9 },
    ];
    const page = (
      <ReferenceTitlesProvider schema={material} rows={rows}>
        {rows.map((r) => (
          <div key={r.id} data-testid={`row-${r.id}`}>
            <FieldDisplay field={template} value={r.template} mode="cell" />
          </div>
        ))}
      </ReferenceTitlesProvider>
    );
    renderViews({ schemas: [], path: '/x', dataProvider: refused, routes: <Route path="/x" element={page} /> });
    expect(
      within(await screen.findByTestId('row-1', {}, T))
        .getByText('Modelo de civil')
        .closest('a'),
    ).toBeNull();
    expect(within(screen.getByTestId('row-2')).getByRole('link', { name: 'Modelo de automação' })).toHaveAttribute('href', expect.stringContaining('/8'));
    // Only the key without a title was asked for; refused, it stays as stored.
    await within(screen.getByTestId('row-3')).findByText('9', {}, T);
    expect(asked).toEqual(['templates-materiais']);
    expect(screen.queryByText('7')).not.toBeInTheDocument();
  });

  it('an exported reference column holds the title sent with the row', async () => {
    const asked: unknown[] = [];
    const dp = { getList: (async (p: unknown) => (asked.push(p), { data: [], total: 0 })) as DataProvider['getList'] };
    const out = await withReferenceTitles(dp, material.fields, [
      { id: 1, template: 7, obra: '101', _titles: { template: { title: 'Modelo de civil' }, obra: { title: 'Obra Horizonte', id: 3 } } },
    ]);
    expect(out[0].template).toBe('Modelo de civil');
    expect(out[0].obra).toBe('Obra Horizonte');
    expect(asked).toEqual([]);
  });
});
