/**
 * The daily report's form on the device (issue 26), against the real API in-process: what the site
 * manager types is saved on the device and comes back when the form opens again; "Salvar" without
 * network keeps the report in "No aparelho" as "Salvo no aparelho"; when the network returns the
 * outbox sends it, once.
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import type { AuthProvider } from '@refinedev/core';
import { schemaByName } from '../../../schemas';
import { renderViews } from '../../../tests/app/test-utils';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../mocks/test-app';
import { DiarioCreate } from '../modules/rdo/diario-form';
import { DeviceListPage } from '../modules/aparelho/device-list-page';
import { QUOTA_MESSAGE, recordsOf, resetDeviceDb } from './device-db';
import { flushOutbox } from './outbox';

const T = { timeout: 30_000 };
const SM = 'sm@portal.local';
const t = useInProcessApi(SM);
const diario = schemaByName('diario')!;
const authProvider: AuthProvider = {
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ email: SM, name: 'Site Manager' }),
};

function setOnline(on: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => on });
  window.dispatchEvent(new Event(on ? 'online' : 'offline'));
}

function renderForm() {
  return renderViews({
    schemas: [diario],
    path: '/101/diarios/novo',
    routes: (
      <>
        <Route path="/:obra/diarios/novo" element={<DiarioCreate schema={diario} />} />
        <Route path="/no-aparelho" element={<DeviceListPage />} />
      </>
    ),
    user: DEMO_USERS[SM],
    authProvider,
  });
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetDeviceDb();
});
afterEach(() => setOnline(true));

describe('field form on the device', { timeout: 120_000 }, () => {
  it('keeps what is typed on the device and puts it back when the form opens again', async () => {
    renderForm();
    await waitFor(() => expect(screen.getByLabelText('Início do expediente')).toHaveValue('07:00'), T);
    fireEvent.change(screen.getByLabelText('Ocorrências'), { target: { value: 'Chuva forte pela manhã.' } });
    await waitFor(async () => {
      const [draft] = await recordsOf(SM);
      expect(draft?.state).toBe('rascunho');
      expect(draft?.values.ocorrencias).toBe('Chuva forte pela manhã.');
    }, T);

    cleanup(); // the tab is closed
    renderForm();
    await screen.findByText(/Rascunho recuperado do aparelho/, {}, T);
    await waitFor(() => expect(screen.getByLabelText('Ocorrências')).toHaveValue('Chuva forte pela manhã.'), T);
  });

  it('"Salvar" without network keeps the report on the device; the outbox sends it once when the network returns', async () => {
    renderForm();
    await waitFor(() => expect(screen.getByLabelText('Início do expediente')).toHaveValue('07:00'), T);
    const data = '2026-07-14';
    const dateInput = screen.getByLabelText('Data');
    fireEvent.mouseDown(dateInput);
    fireEvent.change(dateInput, { target: { value: '14/07/2026' } });
    fireEvent.keyDown(dateInput, { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('Ocorrências'), { target: { value: 'Escrito sem sinal.' } });
    setOnline(false);
    const before = t.requests.filter((r) => r.method === 'POST').length;
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));

    await screen.findByText('Salvo no aparelho', {}, T);
    expect(screen.getByText(/Sem conexão/, { selector: '.ant-alert-message' })).toBeInTheDocument();
    expect(t.requests.filter((r) => r.method === 'POST').length).toBe(before); // nothing went out
    const [queued] = await recordsOf(SM);
    expect(queued.values).toMatchObject({ obra: '101', data, ocorrencias: 'Escrito sem sinal.' });

    setOnline(true);
    await flushOutbox(SM);
    await screen.findByText('Enviado', {}, T);
    const res = await t.mock.api.request(`/api/v1/diarios?obra=101&data=${data}`, { as: SM });
    const rows = ((await res.json()) as { data: string; ocorrencias: string }[]).filter((r) => r.data === data);
    expect(rows.map((r) => r.ocorrencias)).toEqual(['Escrito sem sinal.']);
  });

  it('a full device says so in Portuguese and keeps what is typed in the form', async () => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function full() {
      throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    };
    try {
      renderForm();
      await waitFor(() => expect(screen.getByLabelText('Início do expediente')).toHaveValue('07:00'), T);
      fireEvent.change(screen.getByLabelText('Ocorrências'), { target: { value: 'Sem espaço no telefone.' } });
      await screen.findByText('Não foi possível salvar o rascunho no aparelho.', {}, T);
      expect(screen.getByText(QUOTA_MESSAGE)).toBeInTheDocument();
      expect(screen.getByLabelText('Ocorrências')).toHaveValue('Sem espaço no telefone.');
    } finally {
      IDBObjectStore.prototype.put = put;
    }
  });
});
