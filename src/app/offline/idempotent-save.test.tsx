/**
 * One `Idempotency-Key` per submit of a field form (issue 26), against the real API in-process: the
 * online save carries it, and a save whose answer is lost (the server saved, the phone saw a network
 * error) goes to the outbox with the same key and the same body, so the report is created once.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route } from 'react-router';
import type { AuthProvider } from '@refinedev/core';
import { schemaByName } from '../../../schemas';
import { renderViews } from '../../../tests/app/test-utils';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../mocks/test-app';
import { DiarioCreate } from '../modules/rdo/diario-form';
import { DeviceListPage } from '../modules/aparelho/device-list-page';
import { recordsOf, resetDeviceDb } from './device-db';
import { createSubmitKey, IDEMPOTENCY_HEADER } from '../providers/idempotency';

const T = { timeout: 30_000 };
const SM = 'sm@portal.local';
const t = useInProcessApi(SM);
const diario = schemaByName('diario')!;
const REPORTS = /\/api\/v1\/diarios$/;
const authProvider: AuthProvider = {
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ email: SM, name: 'Site Manager' }),
};

/** Hands a request to the API as mocks/api.ts does (the site manager signed in). */
async function toApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer test:${SM}`);
  return t.mock.api.app.request(`http://localhost${url.pathname}${url.search}`, { method: request.method, headers, body: await request.arrayBuffer() });
}

async function reportsOn(data: string) {
  const res = await t.mock.api.request(`/api/v1/diarios?obra=101&data=${data}`, { as: SM });
  return ((await res.json()) as { id: number; data: string; ocorrencias: string }[]).filter((r) => r.data === data);
}

async function fillAndSave(date: string, ocorrencias: string) {
  renderViews({
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
  await waitFor(() => expect(screen.getByLabelText('Início do expediente')).toHaveValue('07:00'), T);
  const dateInput = screen.getByLabelText('Data');
  fireEvent.mouseDown(dateInput);
  fireEvent.change(dateInput, { target: { value: date.split('-').reverse().join('/') } });
  fireEvent.keyDown(dateInput, { key: 'Enter' });
  fireEvent.change(screen.getByLabelText('Ocorrências'), { target: { value: ocorrencias } });
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetDeviceDb();
});

describe('submit key', () => {
  it('is kept for a retry of the same submit without answer, and new after an answer or other values', () => {
    const k = createSubmitKey();
    const first = k.next({ a: 1 });
    k.settle({ statusCode: 0 });
    expect(k.next({ a: 1 })).toBe(first);
    k.settle({ statusCode: 503 });
    expect(k.next({ a: 1 })).toBe(first);
    expect(k.next({ a: 2 })).not.toBe(first);
    const second = k.next({ a: 2 });
    k.settle({ statusCode: 400 });
    expect(k.next({ a: 2 })).not.toBe(second);
    const third = k.next({ a: 2 });
    k.settle();
    expect(k.next({ a: 2 })).not.toBe(third);
  });
});

describe('online save of a field form', { timeout: 120_000 }, () => {
  it('carries an Idempotency-Key', async () => {
    const keys: (string | null)[] = [];
    // Returns nothing: the request goes on to the in-process API.
    t.server.use(http.post(REPORTS, ({ request }) => void keys.push(request.headers.get(IDEMPOTENCY_HEADER))));
    const data = '2026-09-01';
    await fillAndSave(data, 'Com sinal.');
    await waitFor(async () => expect(await reportsOn(data)).toHaveLength(1), T);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,255}$/);
  });

  it('whose answer is lost goes to the outbox with the same key and body: the report is created once', async () => {
    const seen: { key: string | null; body: string; replayed: string | null }[] = [];
    let lose = true;
    t.server.use(
      http.post(REPORTS, async ({ request }) => {
        const body = await request.clone().text();
        const res = await toApi(request);
        seen.push({ key: request.headers.get(IDEMPOTENCY_HEADER), body, replayed: res.headers.get('Idempotent-Replayed') });
        if (lose) {
          lose = false;
          expect(res.status).toBe(201); // saved on the server…
          return HttpResponse.error(); // …but the phone never hears it
        }
        return res;
      }),
    );
    const data = '2026-09-02';
    await fillAndSave(data, 'Resposta perdida.');

    await screen.findByText('Enviado', {}, T);
    const [rec] = await recordsOf(SM);
    expect(rec.state, rec.reason).toBe('enviado');
    expect(seen).toHaveLength(2);
    expect(seen[1].key).toBe(seen[0].key);
    expect(seen[1].body).toBe(seen[0].body);
    expect(seen[1].replayed).toBe('true');
    const rows = await reportsOn(data);
    expect(rows.map((r) => r.ocorrencias)).toEqual(['Resposta perdida.']);
    expect(rec.recordId).toBe(String(rows[0].id));
  });
});
