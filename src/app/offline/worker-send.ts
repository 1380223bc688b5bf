/**
 * The outbox sent by the service worker (Background Sync, issue 26): when the browser tells the worker
 * the network is back, records saved on the device go to the server even with no tab of the portal
 * open. Same code as the open app (outbox-core.ts), with the session the app left for the worker
 * (device-db `sessao`). No window, React or Refine here: this file is bundled into sw.js.
 */
import { deleteWorkerSession, getWorkerSession } from './device-db';
import { flushOutboxWith, hasQueued, type Transport } from './outbox-core';

/** The Background Sync tag the app registers and the worker answers. */
export const SYNC_TAG = 'portal-aparelho-envio';

/** A token about to expire is not used: the request could arrive after it has. */
const EXPIRY_MARGIN_MS = 60_000;

/** The `exp` of a JWT in ms (undefined when it is not a JWT with one). */
export function tokenExpiry(token: string): number | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const json = JSON.parse(
      atob(
        part
          .replace(/-/g, '+')
          .replace(/_/g, '/')
          .padEnd(Math.ceil(part.length / 4) * 4, '='),
      ),
    ) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export type BackgroundOutcome = 'enviado' | 'sem-sessao' | 'sessao-expirada' | 'pendente';

/**
 * One background attempt. 'pendente' (something still waits: no network, server down) makes the sync
 * event fail, so the browser tries again later; with no session, or an expired one, the records wait
 * for the app to be opened (nothing is lost either way).
 */
export async function sendInBackground(now: number = Date.now()): Promise<BackgroundOutcome> {
  const session = await getWorkerSession();
  if (!session) return 'sem-sessao';
  if (session.expiresAt - EXPIRY_MARGIN_MS <= now) return 'sessao-expirada';
  const transport: Transport = { apiUrl: session.apiUrl, headers: async () => ({ Authorization: `Bearer ${session.token}` }) };
  await flushOutboxWith(session.owner, transport, { background: true });
  if (await hasQueued(session.owner)) return 'pendente';
  await deleteWorkerSession();
  return 'enviado';
}
