/**
 * A record the server refuses (issue 26), against the real API in-process: the site manager lost
 * access to the site while the report waited on the device; the outbox keeps it as "Recusado" with
 * the server's reason, and its page copies it as text and exports it as JSON.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import type { AuthProvider } from '@refinedev/core';
import { schemaByName } from '../../../../schemas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { getRecord, putRecord, resetDeviceDb, type DeviceRecord } from '../../offline/device-db';
import { queuedReport } from '../../offline/test-records';
import { flushOutbox } from '../../offline/outbox';
import { createDataProvider } from '../../providers/data-provider';
import { DeviceRecordPage } from './device-record-page';
import { GenericForm } from '../../views/generic-form';

const T = { timeout: 30_000 };
const SM = 'sm@portal.local';
const GONE = 'ex-sm@portal.local';
const t = useInProcessApi(SM);
// Node's fetch needs an absolute address (the in-process API answers any host).
createDataProvider('http://localhost/api/v1');
const diario = schemaByName('diario')!;
const authProvider: AuthProvider = {
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ email: SM, name: 'Site Manager' }),
};
const values = { obra: '101', data: '2026-09-10', ocorrencias: 'Escrito antes de perder o acesso.' };

/** A report queued by the site manager, sent after their access to the site was taken away. */
async function refusedReport(): Promise<{ rec: DeviceRecord; reason: string }> {
  t.mock.api.addUser({ email: GONE, name: 'Ex encarregado', roles: [] });
  const direct = await t.mock.api.request('/api/v1/diarios', { method: 'POST', as: GONE, json: values });
  expect(direct.status).toBe(403);
  const reason = ((await direct.json()) as { message: string }).message;
  const queued = queuedReport(SM, values);
  await putRecord(queued);
  t.mock.setUser(GONE);
  await flushOutbox(SM);
  const rec = (await getRecord(queued.id))!;
  expect(rec.state).toBe('recusado');
  expect(rec.reason).toBe(reason);
  return { rec, reason };
}

function renderPage(rec: DeviceRecord) {
  renderViews({
    schemas: [diario],
    path: `/no-aparelho/${rec.id}`,
    routes: <Route path="/no-aparelho/:id" element={<DeviceRecordPage />} />,
    user: DEMO_USERS[SM],
    authProvider,
  });
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetDeviceDb();
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('a refused record corrected in its own form (issue 36)', { timeout: 120_000 }, () => {
  it('labels the server\'s messages, and "Corrigir no formulário" reopens the form with every value and the messages on their fields', async () => {
    const typed = {
      obra: '101',
      data: '2026-09-12',
      ocorrencias: 'Concretagem interrompida pela chuva.',
      atividades: [{ eapItem: '9.9.9', descricao: 'Forma do bloco C' }],
    };
    const queued = queuedReport(SM, typed);
    await putRecord(queued);
    await flushOutbox(SM);
    const rec = (await getRecord(queued.id))!;
    expect(rec.state).toBe('recusado');
    const [key, messages] = Object.entries(rec.errors ?? {})[0] ?? [];
    expect(key).toBe('atividades.0.eapItem');

    renderViews({
      schemas: [diario],
      path: `/no-aparelho/${rec.id}`,
      routes: (
        <>
          <Route path="/no-aparelho/:id" element={<DeviceRecordPage />} />
          <Route path="/101/diarios/novo" element={<GenericForm schema={diario} action="create" />} />
        </>
      ),
      user: DEMO_USERS[SM],
      authProvider,
    });
    // The key as a person reads it.
    await screen.findByText('Atividades executadas, linha 1: Item da EAP', {}, T);
    fireEvent.click(screen.getByRole('button', { name: 'Corrigir no formulário' }));

    // The form, with what was typed and the server's message on the field.
    await screen.findByText('O servidor recusou este registro: corrija e salve de novo.', {}, T);
    await waitFor(() => expect(screen.getByLabelText('Ocorrências')).toHaveValue('Concretagem interrompida pela chuva.'), T);
    expect(screen.getAllByText(messages![0]).length).toBeGreaterThan(0);
    // Back to a draft of that form, under a new Idempotency-Key (the corrected record is another request).
    const draft = (await getRecord(rec.id))!;
    expect(draft.state).toBe('rascunho');
    expect(draft.key).not.toBe(rec.key);
    expect(draft.values).toEqual(rec.values);
  });
});

describe('a record the server refused', { timeout: 120_000 }, () => {
  it('shows "Recusado" with the reason, and copies the record as text', async () => {
    const { rec, reason } = await refusedReport();
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderPage(rec);

    await screen.findByText(`Recusado (${reason})`, {}, T);
    expect(screen.getByText('O servidor recusou este registro.')).toBeInTheDocument();
    expect(screen.getAllByText(reason).length).toBeGreaterThan(0);
    expect(screen.getByText('Escrito antes de perder o acesso.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Copiar texto' }));
    await screen.findByText('Copiado para a área de transferência.', {}, T);
    expect(writeText).toHaveBeenCalledTimes(1);
    const lines = writeText.mock.calls[0][0].split('\n');
    expect(lines[0]).toBe(rec.title);
    expect(lines).toContain(`Motivo da recusa: ${reason}`);
    expect(lines).toContain('Data: 10/09/2026');
    expect(lines).toContain('Ocorrências: Escrito antes de perder o acesso.');
  });

  it('says so when the text cannot be copied (no clipboard)', async () => {
    const { rec } = await refusedReport();
    renderPage(rec);
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar texto' }, T));
    await screen.findByText(/Não foi possível copiar/, {}, T);
    expect(screen.queryByText('Copiado para a área de transferência.')).toBeNull();
  });

  it('exports the record, its state and the reason as a JSON file', async () => {
    const { rec, reason } = await refusedReport();
    const blobs: Blob[] = [];
    const downloads: string[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), `blob:export-${blobs.length}`));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    renderPage(rec);

    fireEvent.click(await screen.findByRole('button', { name: 'Exportar (JSON)' }, T));
    expect(downloads).toEqual([`diario-${rec.id.slice(0, 8)}.json`]);
    expect(blobs[0].type).toBe('application/json');
    expect(JSON.parse(await blobs[0].text())).toEqual({ entidade: diario.label, situacao: 'recusado', motivo: reason, valores: values });
    // The address is given back only after the download has started.
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:export-1'), T);
  });
});
