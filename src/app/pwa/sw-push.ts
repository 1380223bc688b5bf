/**
 * The service worker's push notifications (issue 41), registered by sw.ts on the worker's scope
 * (and by the unit test on a stand-in of it):
 * - `push`: shows the notice the server sent (resources/notificacoes.ts `PushPayload`: title, text,
 *   the record's path), with the portal's icon; one per record (`tag`), a newer one replacing it;
 * - `notificationclick`: opens the record — focusing a window of the portal already open (the
 *   installed app's included) and taking it there, or opening one.
 * Only paths of the portal are opened: an address of another origin becomes "Minhas pendências".
 */
import type { PushPayload } from '../../../resources/notificacoes';

export const NOTICE_ICON = '/icons/icon-192.png';
const FALLBACK_PATH = '/pendencias';

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
export interface PushEventLike extends ExtendableEventLike {
  readonly data: { json(): unknown; text(): string } | null;
}
export interface NotificationClickEventLike extends ExtendableEventLike {
  readonly notification: { data?: unknown; close(): void };
  readonly action?: string;
}
export interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}
/** What the handlers use of the worker's global scope. */
export interface PushScope {
  readonly location: { origin: string };
  readonly registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
}

/** The payload as sent, or a plain notice when it is missing or unreadable (a push must always show something). */
export function readPayload(data: PushEventLike['data']): Pick<PushPayload, 'title' | 'body' | 'url'> & { tag?: string } {
  const plain = { title: 'Portal de Obras', body: 'Há novidades para você no portal.', url: FALLBACK_PATH };
  if (!data) return plain;
  let p: Partial<PushPayload>;
  try {
    p = data.json() as Partial<PushPayload>;
  } catch {
    const text = data.text().trim();
    return text ? { ...plain, body: text.slice(0, 400) } : plain;
  }
  if (!p || typeof p !== 'object') return plain;
  return {
    title: typeof p.title === 'string' && p.title ? p.title : plain.title,
    body: typeof p.body === 'string' ? p.body : '',
    url: typeof p.url === 'string' && p.url ? p.url : FALLBACK_PATH,
    ...(typeof p.tag === 'string' && p.tag ? { tag: p.tag } : {}),
  };
}

/** The portal address to open: a path of this origin, never another site. */
export function targetUrl(origin: string, url: unknown): string {
  try {
    const u = new URL(typeof url === 'string' && url ? url : FALLBACK_PATH, origin);
    if (u.origin === origin) return u.href;
  } catch {
    // not a URL: the fallback below
  }
  return new URL(FALLBACK_PATH, origin).href;
}

/** Focuses a window of the portal and takes it to `url`, or opens one. */
export async function openRecord(scope: PushScope, url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.filter((w) => new URL(w.url).origin === scope.location.origin);
  const exact = same.find((w) => w.url === url);
  if (exact) {
    await exact.focus();
    return;
  }
  for (const w of same) {
    try {
      await w.focus();
      if (w.navigate) {
        await w.navigate(url);
        return;
      }
    } catch {
      // an uncontrolled window cannot be navigated: try the next, or open one
    }
  }
  await scope.clients.openWindow(url);
}

export function registerPushHandlers(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const p = readPayload(event.data);
    const options: NotificationOptions = {
      body: p.body,
      icon: NOTICE_ICON,
      lang: 'pt-BR',
      data: { url: targetUrl(scope.location.origin, p.url) },
      ...(p.tag ? { tag: p.tag } : {}),
    };
    event.waitUntil(scope.registration.showNotification(p.title, options));
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | undefined;
    event.waitUntil(openRecord(scope, targetUrl(scope.location.origin, data?.url)));
  });
}
