// @vitest-environment node
/**
 * The device's outbox against the real API in-process (issue 26): a daily report written offline
 * with photos reaches the server once, however often it is retried; a stale edit becomes a
 * conflict with the server's version kept beside the person's; a refusal keeps the reason; no
 * network leaves the record on the device; a photo marked up offline (issue 42) is sent after the
 * photo it was drawn on, to POST /arquivos/{key}/marcacao with its drawing, the original untouched.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { client } from '../../../tests/api/workflow-helpers';
import { getRecord, putRecord, recordsOf, resetDeviceDb, type DeviceRecord } from './device-db';
import { queuedReport } from './test-records';
import { deviceKeysIn, keepOnDevice } from './device-files';
import { flushOutbox, sendRecord } from './outbox';
import { createDataProvider } from '../providers/data-provider';

const SM = 'sm@portal.local';
const t = useInProcessApi(SM);
// Node's fetch needs an absolute address (the in-process API answers any host).
createDataProvider('http://localhost/api/v1');
const c = client({
  get api() {
    return t.mock.api;
  },
});

/** A 1×1 PNG, a real image the server accepts as a photo. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));
const photo = (name: string) => new File([PNG], name, { type: 'image/png' });

const drawing = {
  formas: [
    {
      tipo: 'seta',
      cor: '#1e88e5',
      pontos: [
        [0.1, 0.1],
        [0.9, 0.8],
      ],
    },
  ],
};

let day = 0;
const nextDate = () => `2026-08-${String(++day).padStart(2, '0')}`;

const queued = (values: Record<string, unknown>, extra: Partial<DeviceRecord> = {}) => queuedReport(SM, values, extra);

async function reportsOn(data: string) {
  const r = await c.get(`/api/v1/diarios?obra=101&data=${data}`, SM);
  expect(r.status).toBe(200);
  return (r.body as Record<string, unknown>[]).filter((d) => d.data === data);
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory(); // a fresh device per test
  resetDeviceDb();
});

describe('outbox', () => {
  it('sends a report written offline with its photos exactly once, also when retried', async () => {
    const data = nextDate();
    const fotos = [await keepOnDevice(SM, 'fotos', photo('a.png')), await keepOnDevice(SM, 'fotos', photo('b.png'))];
    const rec = queued({ obra: '101', data, ocorrencias: 'Concretagem da laje.', fotos });
    await putRecord(rec);
    await flushOutbox(SM);
    const sent = await getRecord(rec.id);
    expect(sent?.state, sent?.reason).toBe('enviado');
    expect(deviceKeysIn(sent?.values)).toEqual([]);
    const [report, ...others] = await reportsOn(data);
    expect(others).toEqual([]);
    expect(String(report.id)).toBe(sent?.recordId);
    expect((report.fotos as { name: string }[]).map((f) => f.name)).toEqual(['a.png', 'b.png']);

    // The answer was lost on the way back: the record sent again with its key replays the first answer.
    await putRecord({ ...sent!, state: 'salvo' });
    const again = await sendRecord((await getRecord(rec.id))!);
    expect(again.state, again.reason).toBe('enviado');
    expect(again.recordId).toBe(sent?.recordId);
    expect(await reportsOn(data)).toHaveLength(1);
  });

  it('keeps the record on the device while there is no network', async () => {
    const data = nextDate();
    const rec = queued({ obra: '101', data, ocorrencias: 'Sem sinal.' });
    await putRecord(rec);
    t.server.use(http.all(/\/api\/v1\//, () => HttpResponse.error()));
    expect(await flushOutbox(SM)).toBe(0);
    expect((await getRecord(rec.id))?.state).toBe('salvo');
    t.server.resetHandlers();
    expect(await flushOutbox(SM)).toBe(1);
    expect(await reportsOn(data)).toHaveLength(1);
  });

  it('turns a stale edit into a conflict, with the server version beside the person’s', async () => {
    const created = await c.post('/api/v1/diarios', { obra: '101', data: nextDate(), ocorrencias: 'Início.' }, SM);
    expect(created.status).toBe(201);
    const { id, version } = created.body as { id: number; version: number };
    const other = await c.patch(`/api/v1/diarios/${id}`, { ocorrencias: 'Mudado no escritório.', version }, SM);
    expect(other.status).toBe(200);
    const rec = queued({ ocorrencias: 'Mudado no campo.', version }, { action: 'edit', recordId: String(id), baseVersion: version });
    await putRecord(rec);
    await flushOutbox(SM);
    const conflict = await getRecord(rec.id);
    expect(conflict?.state).toBe('conflito');
    expect(conflict?.server?.ocorrencias).toBe('Mudado no escritório.');
    expect(conflict?.values.ocorrencias).toBe('Mudado no campo.');
    const r = await c.get(`/api/v1/diarios/${id}`, SM);
    expect(r.body.ocorrencias).toBe('Mudado no escritório.');
  });

  it('keeps a refused record with the server’s reason and field errors', async () => {
    const rec = queued({ obra: '101', ocorrencias: 'Sem data.', data: null });
    await putRecord(rec);
    await flushOutbox(SM);
    const refused = await getRecord(rec.id);
    expect(refused?.state).toBe('recusado');
    expect(refused?.reason).toBeTruthy();
    expect(Object.keys(refused?.errors ?? {})).toContain('data');
    expect((await recordsOf(SM)).map((r) => r.id)).toContain(rec.id);
  });
});

describe('outbox, photos cut halfway', () => {
  it('does not send again a photo the server already has when the record is retried', async () => {
    const data = nextDate();
    const fotos = [await keepOnDevice(SM, 'fotos', photo('c.png')), await keepOnDevice(SM, 'fotos', photo('d.png'))];
    const rec = queued({ obra: '101', data, ocorrencias: 'Rede caiu no meio.', fotos });
    await putRecord(rec);
    // The network drops after the first photo: the second upload and the record wait.
    let uploads = 0;
    t.server.use(
      http.post(/\/api\/v1\/arquivos/, () => {
        uploads++;
        return uploads === 1 ? undefined : HttpResponse.error();
      }),
    );
    await flushOutbox(SM);
    expect((await getRecord(rec.id))?.state).toBe('salvo');
    t.server.resetHandlers();
    const seen: string[] = [];
    t.server.events.on('request:start', ({ request }) => void (request.method === 'POST' && seen.push(new URL(request.url).pathname)));
    await flushOutbox(SM);
    t.server.events.removeAllListeners('request:start');
    expect((await getRecord(rec.id))?.state).toBe('enviado');
    expect(seen.filter((p) => p.endsWith('/arquivos'))).toHaveLength(1);
    const [report] = await reportsOn(data);
    expect((report.fotos as { name: string }[]).map((f) => f.name)).toEqual(['c.png', 'd.png']);
  });
});

describe('outbox: marked-up photos', () => {
  it('sends the photo, then its marked-up copy with the drawing; the record holds both', async () => {
    const photo = await keepOnDevice(SM, 'fotos', new File([PNG], 'laje.png', { type: 'image/png' }));
    const copy = await keepOnDevice(SM, 'fotos', new File([PNG], 'laje (marcada).png', { type: 'image/png' }), {}, undefined, {
      of: photo.key,
      desenho: JSON.stringify(drawing),
    });
    // The copy first in the value: the outbox still sends the photo it was drawn on before it.
    const rec = queuedReport(SM, { obra: '101', data: '2026-09-03', ocorrencias: 'Trinca na laje.', fotos: [copy, photo] });
    await putRecord(rec);
    await flushOutbox(SM);
    const sent = await getRecord(rec.id);
    expect(sent?.state, sent?.reason).toBe('enviado');

    const report = await c.get(`/api/v1/diarios/${sent!.recordId}`, SM);
    const fotos = report.body.fotos as { key: string; name: string }[];
    expect(fotos.map((f) => f.name)).toEqual(['laje (marcada).png', 'laje.png']);
    const markup = await c.get(`/api/v1/arquivos/${fotos[0]!.key}/marcacao`, SM);
    expect(markup.status).toBe(200);
    expect(markup.body).toMatchObject({ original: fotos[1]!.key, desenho: drawing });
    const original = await t.mock.api.request(`/api/v1/arquivos/${fotos[1]!.key}`, { as: SM });
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(PNG);
  });
});
