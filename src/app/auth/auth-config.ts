/**
 * The public authentication configuration (`GET /api/v1/config`) as the app knows it, without
 * Amplify: the one Amplify was configured with in this page, else the one of the last visit kept in
 * local storage. Read by the parts of the signed-in app that must not load Amplify (the identity
 * shown, the stored token), set by amplify.ts when it configures Amplify.
 */
import type { PublicRuntimeConfig } from '../../../resources/runtime-config';
import { defaultStorage, STORAGE_KEYS, type KeyValue } from './session';

export type RuntimeConfig = PublicRuntimeConfig;

export const DEFAULT_PROVIDER = 'Corporativo';

let current: RuntimeConfig | null = null;

/** The configuration of the last visit (public data: pool, client id, sign-in addresses), or null. */
export function storedConfig(storage: KeyValue | undefined = defaultStorage()): RuntimeConfig | null {
  try {
    const raw = JSON.parse(storage?.getItem(STORAGE_KEYS.authConfig) ?? 'null') as RuntimeConfig | null;
    return raw && typeof raw === 'object' && typeof raw.userPoolId === 'string' && raw.oauth ? raw : null;
  } catch {
    return null;
  }
}

/** Keeps the configuration for the next visit (an offline start, the stored token). */
export function storeConfig(cfg: RuntimeConfig, storage: KeyValue | undefined = defaultStorage()): void {
  try {
    storage?.setItem(STORAGE_KEYS.authConfig, JSON.stringify(cfg));
  } catch {
    // no storage: an offline start then shows the sign-in
  }
}

/** The configuration Amplify was configured with in this page, or null before that. */
export function runtimeConfig(): RuntimeConfig | null {
  return current;
}

export function setRuntimeConfig(cfg: RuntimeConfig | null): void {
  current = cfg;
}

export function providerName(): string {
  return (current ?? storedConfig())?.oauth.providerName ?? DEFAULT_PROVIDER;
}

export function authFlowType(cfg: RuntimeConfig | null = current): 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH' {
  return cfg?.userPoolEndpoint ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
}
