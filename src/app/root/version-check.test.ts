import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkStoredVersion } from './version-check';
import { APP_VERSION } from './release-notes';

const quiet = () => ({ info: vi.fn(), warn: vi.fn() });

describe('checkStoredVersion (APP_VERSION into the auth start-up rule)', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('no version stored: stores APP_VERSION and warns', async () => {
    const logger = quiet();
    const refresh = vi.fn(async () => {});
    localStorage.setItem('ultimaRota', '/obras');
    expect(await checkStoredVersion(refresh, { logger })).toBe('stored');
    expect(localStorage.getItem('versao')).toBe(APP_VERSION);
    expect(localStorage.getItem('ultimaRota')).toBe('/obras');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a different version: clears all local storage, keeps APP_VERSION and logs the new version', async () => {
    const logger = quiet();
    localStorage.setItem('versao', '3.5.0');
    localStorage.setItem('user', JSON.stringify({ email: 'a@b.com' }));
    localStorage.setItem('ultimaRota', '/obras');
    expect(await checkStoredVersion(vi.fn(), { logger })).toBe('cleared');
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('ultimaRota')).toBeNull();
    expect(localStorage.getItem('versao')).toBe(APP_VERSION);
    expect(logger.info).toHaveBeenCalledTimes(1);
  });

  it('the same version with an expired stored user: refreshes the session', async () => {
    const logger = quiet();
    const refresh = vi.fn(async () => {});
    const now = Date.UTC(2025, 7, 18, 12);
    localStorage.setItem('versao', APP_VERSION);
    localStorage.setItem('user', JSON.stringify({ email: 'site.manager@exemplo.com.br' }));
    localStorage.setItem('expiry', String(now - 1));
    expect(await checkStoredVersion(refresh, { now, logger })).toBe('refreshed');
    expect(refresh).toHaveBeenCalledWith(expect.objectContaining({ email: 'site.manager@exemplo.com.br' }));

    localStorage.setItem('expiry', String(now + 60_000));
    expect(await checkStoredVersion(refresh, { now, logger })).toBe('unchanged');
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
