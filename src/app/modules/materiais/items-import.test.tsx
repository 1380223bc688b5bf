/**
 * "Importar itens" on a materials list's page (issue 38) against the real API in-process: the button
 * only while the list is in elaboration and for who may edit it; the drawer's dry run lists the
 * wrong lines with the form's messages and keeps "Importar" off; a fixed file, replacing, imports.
 * jsdom's FormData cannot cross MSW, so the drawer's multipart requests are sent to the in-process
 * API as the browser would encode them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { schemaByName } from '../../../../schemas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { encodeMultipart } from '../../../../tests/app/multipart';
import { client, person } from '../../../../tests/api/workflow-helpers';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { MaterialShow } from './material-show';

const T = { timeout: 30_000 };
const QUANT = 'materiais.quantificador@portal.local';
const VERIF = 'materiais.verificador@portal.local';
const t = useInProcessApi(QUANT);
const c = client({
  get api() {
    return t.mock.api;
  },
});
const material = schemaByName('material')!;
let as = QUANT;
const sent: string[] = [];

const realFetch = globalThis.fetch;
beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!(init?.body instanceof FormData)) return realFetch(input, init);
    const url = new URL(String(input), 'http://localhost');
    sent.push(url.pathname);
    const { body, type } = await encodeMultipart(init.body);
    return t.mock.api.request(url.pathname + url.search, { method: init.method, body, headers: { 'content-type': type }, as });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function newList(titulo: string): Promise<number> {
  const r = await c.post(
    '/api/v1/materiais',
    {
      titulo,
      obra: '101',
      origem: 'Obra',
      itens: [{ descricao: 'Perfil W200', unidade: 'kg', quantidade: 100 }],
      Quantificou: person(QUANT),
      Verificador: person(VERIF),
    },
    QUANT,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}

function open(id: number, user: string) {
  as = user;
  t.mock.setUser(user);
  return renderViews({
    schemas: [material],
    path: `/materiais/${id}`,
    routes: <Route path="/materiais/:id" element={<MaterialShow schema={material} />} />,
    user: DEMO_USERS[user],
  });
}

const csv = (lines: string[]) => new File([`Descrição;Unidade;Quantidade\r\n${lines.join('\r\n')}\r\n`], 'itens.csv', { type: 'text/csv' });
const fileInput = () => document.querySelector('.ant-drawer input[type="file"]') as HTMLInputElement;

describe('"Importar itens" on a materials list', { timeout: 120_000 }, () => {
  it('dry-runs a file with wrong lines, then replaces the items with a fixed one', async () => {
    const id = await newList('Chapas da cobertura');
    open(id, QUANT);
    await userEvent.click(await screen.findByRole('button', { name: /Importar itens/ }, T));
    const drawer = await screen.findByRole('dialog', { name: 'Importar itens da planilha' });
    expect(within(drawer).getByRole('button', { name: /Baixar modelo de itens/ })).toBeInTheDocument();

    await userEvent.upload(fileInput(), csv(['Chapa 3 mm;kg;120,5', ';kg;10', 'Chapa 5 mm;kg;muitos', 'Chapa 6 mm;kg;1.000']));
    expect(await within(drawer).findByText(/4 linhas na planilha: 2 válidas, 2 com erro/, {}, T)).toBeInTheDocument();
    const table = within(drawer).getByRole('table');
    expect(within(table).getByText('Campo obrigatório.')).toBeInTheDocument();
    expect(within(table).getByText('Descrição')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([expect.stringMatching(/Linha.*Campo.*Mensagem/), expect.stringMatching(/^3Descrição/), expect.stringMatching(/^4Quantidade/)]);
    expect(within(drawer).getByRole('button', { name: 'Importar' })).toBeDisabled();
    expect(sent).toEqual([`/api/v1/materiais/${id}/itens/simulacao`]);

    await userEvent.click(within(drawer).getByRole('radio', { name: /Substituir todos os itens/ }));
    expect(await within(drawer).findByText(/A lista tem 1 item e ficará com 4 itens/, {}, T)).toBeInTheDocument();
    await userEvent.upload(fileInput(), csv(['Chapa 3 mm;kg;120,5', 'Chapa 6 mm;kg;1.000']));
    expect(await within(drawer).findByText(/2 linhas na planilha: 2 válidas, 0 com erro. A lista tem 1 item e ficará com 2 itens/, {}, T)).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Importar itens da planilha' })).not.toBeInTheDocument(), T);
    expect(sent.at(-1)).toBe(`/api/v1/materiais/${id}/itens/importacao`);
    const now = (await c.get(`/api/v1/materiais/${id}`)).body;
    expect(now.itens).toEqual([
      { descricao: 'Chapa 3 mm', unidade: 'kg', quantidade: 120.5 },
      { descricao: 'Chapa 6 mm', unidade: 'kg', quantidade: 1000 },
    ]);
  });

  it('is not offered out of elaboration, nor to who may not edit the list', async () => {
    const id = await newList('Fixadores');
    const verif = open(id, VERIF); // reads the list, does not draw it up
    expect(await screen.findByText(/Lista de materiais: Fixadores/, {}, T)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Importar itens/ })).not.toBeInTheDocument();
    verif.unmount();

    expect((await c.step('materiais', id, 'liberar-verificacao', QUANT)).status).toBe(200);
    open(id, QUANT);
    expect(await screen.findByText(/Lista de materiais: Fixadores/, {}, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(/Liberado para verificação/i).length).toBeGreaterThan(0), T);
    expect(screen.queryByRole('button', { name: /Importar itens/ })).not.toBeInTheDocument();
  });
});
