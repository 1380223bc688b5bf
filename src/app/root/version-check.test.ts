import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkStoredVersion } from './version-check';
import { APP_VERSION, BUILD_VERSION, PORTAL_BUILD } from './build-info';
import { getFile, getRecord, putRecord, recordsOf, resetDeviceDb } from '../offline/device-db';
import { deviceFileId, keepOnDevice } from '../offline/device-files';
import { queuedReport } from '../offline/test-records';
import pkg from '../../../package.json';

const quiet = () => ({ info: vi.fn(), warn: vi.fn() });

describe('the build version', () => {
  it("is package.json's version plus the commit the app was built from", () => {
    expect(APP_VERSION).toBe(pkg.version);
    expect(PORTAL_BUILD.commit).toMatch(/^([0-9a-f]{7,40}|build-\d{14})$/);
    expect(BUILD_VERSION).toBe(`${pkg.version}+${PORTAL_BUILD.commit}`);
  });
});

describe('checkStoredVersion (BUILD_VERSION into the auth start-up rule)', () => {
  beforeEach(() => {
    localStorage.clear();
    globalThis.indexedDB = new IDBFactory(); // a fresh device per test
    resetDeviceDb();
  });

  it('no version stored: stores BUILD_VERSION and warns', async () => {
    const logger = quiet();
    const refresh = vi.fn(async () => {});
    localStorage.setItem('ultimaRota', '/obras');
    expect(await checkStoredVersion(refresh, { logger })).toBe('stored');
    expect(localStorage.getItem('versao')).toBe(BUILD_VERSION);
    expect(localStorage.getItem('ultimaRota')).toBe('/obras');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a different version: clears all local storage, keeps BUILD_VERSION and logs the new version', async () => {
    const logger = quiet();
    localStorage.setItem('versao', '3.5.0');
    localStorage.setItem('user', JSON.stringify({ email: 'a@b.com' }));
    localStorage.setItem('ultimaRota', '/obras');
    expect(await checkStoredVersion(vi.fn(), { logger })).toBe('cleared');
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('ultimaRota')).toBeNull();
    expect(localStorage.getItem('versao')).toBe(BUILD_VERSION);
    expect(logger.info).toHaveBeenCalledTimes(1);
  });

  it('the same version with an expired stored user: refreshes the session', async () => {
    const logger = quiet();
    const refresh = vi.fn(async () => {});
    const now = Date.UTC(2025, 7, 18, 12);
    localStorage.setItem('versao', BUILD_VERSION);
    localStorage.setItem('user', JSON.stringify({ email: 'site.manager@exemplo.com.br' }));
    localStorage.setItem('expiry', String(now - 1));
    expect(await checkStoredVersion(refresh, { now, logger })).toBe('refreshed');
    expect(refresh).toHaveBeenCalledWith(expect.objectContaining({ email: 'site.manager@exemplo.com.br' }));

    localStorage.setItem('expiry', String(now + 60_000));
    expect(await checkStoredVersion(refresh, { now, logger })).toBe('unchanged');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("a new build clears the session data, never the device's drafts, outbox and photos", async () => {
    const owner = 'sm@portal.local';
    const photo = await keepOnDevice(owner, 'fotos', new File([new Uint8Array([1, 2, 3])], 'laje.jpg', { type: 'image/jpeg' }));
    const draft = queuedReport(owner, { obra: '101', ocorrencias: 'Digitando…' }, { state: 'rascunho' });
    const queued = queuedReport(owner, { obra: '101', data: '2026-11-27', fotos: [photo] });
    const refused = queuedReport(owner, { obra: '101', data: '2026-11-26' }, { state: 'recusado', reason: 'Data repetida.' });
    for (const r of [draft, queued, refused]) await putRecord(r);
    localStorage.setItem('versao', '3.5.1');
    localStorage.setItem('user', JSON.stringify({ email: owner }));
    localStorage.setItem('expiry', String(Date.now() + 60_000));

    expect(await checkStoredVersion(vi.fn(), { logger: quiet() })).toBe('cleared');
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('versao')).toBe(BUILD_VERSION);

    expect((await recordsOf(owner)).map((r) => r.id).sort()).toEqual([draft.id, queued.id, refused.id].sort());
    expect(await getRecord(queued.id)).toMatchObject({ state: 'salvo', values: { fotos: [photo] } });
    expect(await getRecord(draft.id)).toMatchObject({ state: 'rascunho', values: { ocorrencias: 'Digitando…' } });
    expect(await getRecord(refused.id)).toMatchObject({ state: 'recusado', reason: 'Data repetida.' });
    expect(await getFile(deviceFileId(photo.key))).toMatchObject({ owner, name: 'laje.jpg', size: 3 });
  });
});
