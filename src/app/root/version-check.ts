/**
 * Start-up version check (docs/specification.md §4, "Session"), fed by the release notes' APP_VERSION.
 *
 * The rule itself (stored version differs → clear all local storage and log the new version;
 * a stored user e-mail with an expiry earlier than now → refresh the session and log the
 * expired user; no version stored → store it and warn) lives in `src/app/auth/session.ts`
 * (`checkVersionAndSession`); this module only supplies the single version constant, so no
 * other code passes a version by hand.
 */
import { checkVersionAndSession, type KeyValue, type SessionUser, type StartupStatus } from '../auth/session';
import { APP_VERSION } from './release-notes';

export type { StartupStatus };

export interface StoredVersionCheckOptions {
  storage?: KeyValue;
  now?: number;
  logger?: Pick<Console, 'info' | 'warn'>;
}

/**
 * Runs the start-up rule with `APP_VERSION`. `refresh` is called for an expired stored user
 * (the auth helper's `refreshSession`). Resolves to 'cleared' | 'refreshed' | 'stored' | 'unchanged'.
 */
export function checkStoredVersion(refresh: (user: SessionUser) => Promise<unknown>, options: StoredVersionCheckOptions = {}): Promise<StartupStatus> {
  return checkVersionAndSession({ version: APP_VERSION, refresh, ...options });
}
