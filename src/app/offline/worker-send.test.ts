// @vitest-environment node
/**
 * The background send (issue 26) against the real API in-process: the service worker sends what waits
 * on the device with the session the app left it, once, then forgets the token; an expired session or
 * no network sends nothing and loses nothing; the app leaves that session only while something waits.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { client } from '../../../tests/api/workflow-helpers';
import { getRecord, getWorkerSession, putRecord, putWorkerSession, resetDeviceDb } from './device-db';
import { queuedReport } from './test-records';
import { SYNC_TAG, sendInBackground, tokenExpiry } from './worker-send';
import { flushOutbox } from './outbox';
import { createDataProvider } from '../providers/data-provider';

const SM = 'sm@portal.local';
const API = 'http://localhost/api/v1';
const t = useInProcessApi(SM);
const c = client({
  get api() {
    return t.mock.api;
  },
});

/** A token shaped like the identity provider's (the in-process API knows the person from the test). */
const jwt = (expSeconds: number) =>
  ['eyJhbGciOiJSUzI1NiJ9', Buffer.from(JSON.stringify({ sub: 'sm', exp: expSeconds })).toString('base64url'), 'assinatura'].join('.');
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

let day = 0;
const nextDate = () => `2026-09-${String(++day).padStart(2, '0')}`;

const queued = (values: Record<string, unknown>) => queuedReport(SM, values);

async function reportsOn(data: string) {
  const r = await c.get(`/api/v1/diarios?obra=101&data=${data}`, SM);
  return (r.body as Record<string, unknown>[]).filter((d) => d.data === data);
}

/** Authorization headers of the API requests made while `run` runs. */
async function authorizationsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => void seen.push(request.headers.get('authorization') ?? '');
  t.server.events.on('request:start', listener);
  try {
    await run();
  } finally {
    t.server.events.removeListener('request:start', listener);
  }
  return seen;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetDeviceDb();
});
afterEach(() => vi.unstubAllGlobals());

describe('tokenExpiry', () => {
  it('reads a JWT’s exp in milliseconds, and nothing from what is not one', () => {
    expect(tokenExpiry(jwt(2_000_000_000))).toBe(2_000_000_000_000);
    expect(tokenExpiry('não-é-um-token')).toBeUndefined();
    expect(tokenExpiry('a.%%%.c')).toBeUndefined();
  });
});

describe('sendInBackground (the service worker)', () => {
  it('sends what waits with the session the app left, once, then forgets the token', async () => {
    const token = jwt(inOneHour());
    await putWorkerSession({ id: 'envio', owner: SM, token, expiresAt: tokenExpiry(token)!, apiUrl: API });
    const data = nextDate();
    const rec = queued({ obra: '101', data, ocorrencias: 'Enviado sem aba aberta.' });
    await putRecord(rec);
    const auth = await authorizationsDuring(async () => expect(await sendInBackground()).toBe('enviado'));
    expect(auth.length).toBeGreaterThan(0);
    expect(new Set(auth)).toEqual(new Set([`Bearer ${token}`]));
    expect((await getRecord(rec.id))?.state).toBe('enviado');
    expect(await reportsOn(data)).toHaveLength(1);
    expect(await getWorkerSession()).toBeUndefined();
    // A second sync event (the browser may repeat it) sends nothing more.
    expect(await sendInBackground()).toBe('sem-sessao');
    expect(await reportsOn(data)).toHaveLength(1);
  });

  it('with an expired session sends nothing and keeps the record for the app', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 30); // inside the safety margin
    await putWorkerSession({ id: 'envio', owner: SM, token, expiresAt: tokenExpiry(token)!, apiUrl: API });
    const rec = queued({ obra: '101', data: nextDate(), ocorrencias: 'Sessão vencida.' });
    await putRecord(rec);
    const auth = await authorizationsDuring(async () => expect(await sendInBackground()).toBe('sessao-expirada'));
    expect(auth).toEqual([]);
    expect((await getRecord(rec.id))?.state).toBe('salvo');
  });

  it('without network answers pending (the browser tries again) and keeps record and session', async () => {
    const token = jwt(inOneHour());
    await putWorkerSession({ id: 'envio', owner: SM, token, expiresAt: tokenExpiry(token)!, apiUrl: API });
    const data = nextDate();
    const rec = queued({ obra: '101', data, ocorrencias: 'Ainda sem sinal.' });
    await putRecord(rec);
    t.server.use(http.all(/\/api\/v1\//, () => HttpResponse.error()));
    expect(await sendInBackground()).toBe('pendente');
    expect((await getRecord(rec.id))?.state).toBe('salvo');
    expect((await getWorkerSession())?.owner).toBe(SM);
    t.server.resetHandlers();
    expect(await sendInBackground()).toBe('enviado');
    expect(await reportsOn(data)).toHaveLength(1);
  });
});

describe('the open app asks for a background send only while something waits', () => {
  it('leaves the worker its token and the sync tag when a record could not go, and takes them back once sent', async () => {
    const token = jwt(inOneHour());
    createDataProvider(API, async () => token);
    const register = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { onLine: true, serviceWorker: { getRegistration: async () => ({ sync: { register } }) } });
    const data = nextDate();
    const rec = queued({ obra: '101', data, ocorrencias: 'Fila do aparelho.' });
    await putRecord(rec);

    t.server.use(http.all(/\/api\/v1\//, () => HttpResponse.error()));
    expect(await flushOutbox(SM)).toBe(0);
    expect(register).toHaveBeenCalledWith(SYNC_TAG);
    expect(await getWorkerSession()).toMatchObject({ owner: SM, token, apiUrl: API, expiresAt: tokenExpiry(token) });

    t.server.resetHandlers();
    expect(await flushOutbox(SM)).toBe(1);
    expect(await getWorkerSession()).toBeUndefined();
    expect(await reportsOn(data)).toHaveLength(1);
  });

  it('leaves nothing where the browser has no Background Sync', async () => {
    createDataProvider(API, async () => jwt(inOneHour()));
    vi.stubGlobal('navigator', { onLine: true, serviceWorker: { getRegistration: async () => ({}) } });
    await putRecord(queued({ obra: '101', data: nextDate(), ocorrencias: 'Sem Background Sync.' }));
    t.server.use(http.all(/\/api\/v1\//, () => HttpResponse.error()));
    await flushOutbox(SM);
    expect(await getWorkerSession()).toBeUndefined();
  });
});
