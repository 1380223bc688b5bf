/**
 * Start-up version check (docs/specification.md §4, "Session"), fed by the build's version and commit
 * (`BUILD_VERSION`, src/app/root/build-info.ts): every new build clears the stored session data.
 *
 * The rule itself (stored version differs → clear all local storage and log the new version;
 * a stored user e-mail with an expiry earlier than now → refresh the session and log the
 * expired user; no version stored → store it and warn) lives in `src/app/auth/session.ts`
 * (`checkVersionAndSession`); this module only supplies the single version constant, so no
 * other code passes a version by hand. "All local storage" is the browser's localStorage: the
 * device's drafts, queued records and their photos live in IndexedDB (src/app/offline/device-db.ts)
 * and are never touched by it.
 */
import { checkVersionAndSession, type KeyValue, type SessionUser, type StartupStatus } from '../auth/session';
import { BUILD_VERSION } from './build-info';

export type { StartupStatus };

export interface StoredVersionCheckOptions {
  storage?: KeyValue;
  now?: number;
  logger?: Pick<Console, 'info' | 'warn'>;
}

/**
 * Runs the start-up rule with `BUILD_VERSION`. `refresh` is called for an expired stored user
 * (the auth helper's `refreshSession`). Resolves to 'cleared' | 'refreshed' | 'stored' | 'unchanged'.
 */
export function checkStoredVersion(refresh: (user: SessionUser) => Promise<unknown>, options: StoredVersionCheckOptions = {}): Promise<StartupStatus> {
  return checkVersionAndSession({ version: BUILD_VERSION, refresh, ...options });
}
