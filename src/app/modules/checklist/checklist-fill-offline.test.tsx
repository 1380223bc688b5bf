/**
 * The checklist fill page on the device (issue 26), against the real API in-process as the field
 * technician: what is typed is kept on the device and comes back when the page opens again;
 * "Salvar rascunho" without network queues exactly the body the page would POST; when the network
 * returns the outbox sends it, once. An online save forgets the draft.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { AuthProvider } from '@refinedev/core';
import { SPEC_ROUTES } from '../../../../resources/routes';
import { schemaByName } from '../../../../schemas';
import type { EntitySchema } from '../../../../schemas/kinds';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { currentLocation, renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DeviceListPage } from '../aparelho/device-list-page';
import { recordsOf, resetDeviceDb } from '../../offline/device-db';
import { flushOutbox } from '../../offline/outbox';
import { todayIso } from '../../format';
import { ChecklistFillPage } from './checklist-fill-page';

const FIELD = 'field@portal.local';
const T = { timeout: 45_000 };
const t = useInProcessApi(FIELD);
const schema = schemaByName('checklistPreenchidoField') as EntitySchema;
const ROUTE = SPEC_ROUTES.find((r) => r.path === '/:obra/checklist/:tipo/preencher')!;
const LIST = '/api/v1/checklists-field';
const authProvider: AuthProvider = {
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ email: FIELD, name: DEMO_USERS[FIELD].name }),
};

function setOnline(on: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => on });
  window.dispatchEvent(new Event(on ? 'online' : 'offline'));
}

async function osId(numero: string): Promise<number> {
  const res = await t.mock.api.request(`/api/v1/os-field?numero=${numero}`, { as: FIELD });
  return ((await res.json()) as { id: number }[])[0].id;
}

const page = (path: string) =>
  renderViews({
    schemas: [schema],
    path,
    user: DEMO_USERS[FIELD],
    authProvider,
    routes: (
      <>
        <Route path="/:obra/checklist/:tipo/preencher" element={<ChecklistFillPage route={ROUTE} />} />
        <Route path="/no-aparelho" element={<DeviceListPage />} />
      </>
    ),
  });

const item = (question: string | RegExp) => screen.getByRole('group', { name: question });
const pick = (question: string | RegExp, option: string) => fireEvent.click(within(item(question)).getByRole('radio', { name: option }));
const posts = () => t.requests.filter((r) => r.method === 'POST' && r.url.pathname === LIST);

/** Opens the page for the work order and fills part of the panel template. */
async function openAndType(os: number, note: string) {
  page(`/101/checklist/field/preencher?os=${os}`);
  await screen.findByText(/OSF-101-0003/, { selector: '.ant-select-selection-item' }, T);
  fireEvent.mouseDown(screen.getByLabelText('Modelo de checklist'));
  fireEvent.click(await screen.findByText('Instalação de painel elétrico (v2)', { selector: '.ant-select-item-option-content' }, T));
  pick(/Permissão de trabalho/, 'Conforme');
  fireEvent.click(within(item(/Permissão de trabalho/)).getByRole('radio', { name: 'Sim' }));
  pick(/Torque dos bornes/, 'Não conforme');
  fireEvent.change(within(item(/Torque dos bornes/)).getByLabelText('Observação'), { target: { value: note } });
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetDeviceDb();
});
afterEach(() => setOnline(true));

describe('checklist fill screen on the device', { timeout: 120_000 }, () => {
  it('keeps the answers on the device and puts them back when the page opens again', async () => {
    const os = await osId('OSF-101-0003');
    await openAndType(os, 'Borne X2 frouxo.');
    await waitFor(async () => {
      const [draft] = await recordsOf(FIELD);
      expect(draft?.state).toBe('rascunho');
      expect(draft?.path).toBe('/101/checklist/field/preencher');
      expect(draft?.values).toMatchObject({
        os,
        obra: '101',
        respostas: expect.arrayContaining([{ item: 3, conformidade: 'Não conforme', observacao: 'Borne X2 frouxo.' }]),
      });
    }, T);

    cleanup(); // the tab is closed
    page(`/101/checklist/field/preencher?os=${os}`);
    await screen.findByText(/Rascunho recuperado do aparelho/, {}, T);
    await waitFor(() => expect(within(item(/Torque dos bornes/)).getByLabelText('Observação')).toHaveValue('Borne X2 frouxo.'), T);
    expect(screen.getByText('Instalação de painel elétrico (v2)', { selector: '.ant-select-selection-item' })).toBeInTheDocument();
    expect(within(item(/Permissão de trabalho/)).getByRole('radio', { name: 'Conforme' })).toBeChecked();
    expect(within(item(/Permissão de trabalho/)).getByRole('radio', { name: 'Sim' })).toBeChecked();
    expect(screen.getByText('Aprovado com ressalvas', { selector: '.ant-select-selection-item' })).toBeInTheDocument();

    // "Descartar rascunho" empties the page and the device.
    fireEvent.click(screen.getByRole('button', { name: 'Descartar rascunho' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByText(/Rascunho recuperado do aparelho/)).toBeNull(), T);
    await waitFor(() => expect(screen.queryByRole('group', { name: /Torque dos bornes/ })).toBeNull(), T);
    expect(await recordsOf(FIELD)).toEqual([]);
  });

  it('"Salvar rascunho" without network queues the checklist; the outbox sends it once when the network returns', async () => {
    const os = await osId('OSF-101-0003');
    const note = `Sem sinal na subestação ${Date.now()}.`;
    await openAndType(os, note);
    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: /Salvar rascunho/ }));

    await waitFor(() => expect(currentLocation.pathname).toBe('/no-aparelho'), T);
    await screen.findByText('Salvo no aparelho', {}, T);
    expect(posts()).toEqual([]); // nothing went out
    const [queued] = await recordsOf(FIELD);
    expect(queued.state).toBe('salvo');
    // Exactly the body the page POSTs online (no page state on top).
    expect(Object.keys(queued.values).sort()).toEqual(['data', 'executante', 'obra', 'os', 'respostas', 'resultado', 'status', 'template']);
    expect(queued.values).toMatchObject({
      obra: '101',
      os,
      data: todayIso(),
      status: 'Em preenchimento',
      resultado: 'Aprovado com ressalvas',
      executante: { mail: FIELD },
      respostas: [
        { item: 1, secao: 'Segurança', pergunta: expect.stringMatching(/Permissão de trabalho/), conformidade: 'Conforme', resposta: 'Sim' },
        { item: 3, secao: 'Execução', conformidade: 'Não conforme', observacao: note },
      ],
    });

    setOnline(true);
    await flushOutbox(FIELD);
    await flushOutbox(FIELD); // a second run sends nothing more
    await screen.findByText('Enviado', {}, T);
    expect(posts()).toHaveLength(1);
    const res = await t.mock.api.request(`${LIST}?os=${os}`, { as: FIELD });
    const rows = ((await res.json()) as { id: number }[]).map((r) => r.id);
    const mine: unknown[] = [];
    for (const id of rows) {
      const one = (await (await t.mock.api.request(`${LIST}/${id}`, { as: FIELD })).json()) as { respostas?: { observacao?: string }[] };
      if (one.respostas?.some((r) => r.observacao === note)) mine.push(one);
    }
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ os, status: 'Em preenchimento', created_by: FIELD });
  });

  it('an online save forgets the draft on the device', async () => {
    const os = await osId('OSF-101-0003');
    await openAndType(os, 'Reapertado.');
    await waitFor(async () => expect((await recordsOf(FIELD))[0]?.state).toBe('rascunho'), T);
    fireEvent.click(screen.getByRole('button', { name: /Salvar rascunho/ }));
    await waitFor(() => expect(currentLocation.pathname).toMatch(/^\/checklists-field\/show\/\d+$/), T);
    expect(posts()).toHaveLength(1);
    await waitFor(async () => expect(await recordsOf(FIELD)).toEqual([]), T);
  });
});
