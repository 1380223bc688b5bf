/**
 * The service worker's push handlers (issue 41), dispatched to the worker's code on a stand-in of
 * its scope: a push shows the server's notice with the portal's icon and the record's address; a
 * tap focuses the portal's window already open (and takes it to the record) or opens one; an
 * address of another site or an unreadable payload never leads outside the portal.
 */
import { describe, expect, it, vi } from 'vitest';
import { registerPushHandlers, type NotificationClickEventLike, type PushEventLike, type PushScope, type WindowClientLike } from './sw-push';

const ORIGIN = 'https://portal.empresa.com.br';

function worker(windows: WindowClientLike[] = []) {
  const listeners = new Map<string, (e: never) => void>();
  const scope = {
    location: { origin: ORIGIN },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
    addEventListener: (type: string, fn: (e: never) => void) => listeners.set(type, fn),
  };
  registerPushHandlers(scope as unknown as PushScope);
  /** Dispatches an event and waits for what it asked the worker to wait for. */
  const dispatch = async (type: 'push' | 'notificationclick', event: Omit<PushEventLike, 'waitUntil'> | Omit<NotificationClickEventLike, 'waitUntil'>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) } as never);
    await Promise.all(waits);
  };
  return { scope, dispatch };
}

const data = (payload: unknown) => ({ json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload), text: () => String(payload) });
const win = (url: string) => ({ url, focus: vi.fn(async () => undefined), navigate: vi.fn(async () => undefined) });

describe('service worker: push and notificationclick', () => {
  it('shows the notice the server sent, with the portal icon and the record’s address', async () => {
    const { scope, dispatch } = worker();
    const payload = {
      title: 'Contrato CT-7: Emitido para o Jurídico',
      body: 'Rafael: "Emitir para o Jurídico"',
      url: '/contratos/7',
      kind: 'pendencia',
      tag: 'contratos/7',
    };
    await dispatch('push', { data: data(payload) });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Contrato CT-7: Emitido para o Jurídico', {
      body: 'Rafael: "Emitir para o Jurídico"',
      icon: '/icons/icon-192.png',
      lang: 'pt-BR',
      tag: 'contratos/7',
      data: { url: `${ORIGIN}/contratos/7` },
    });
  });

  it('still shows a notice for an empty or unreadable push, and never an address outside the portal', async () => {
    const { scope, dispatch } = worker();
    await dispatch('push', { data: null });
    await dispatch('push', { data: data('{não é json') });
    await dispatch('push', { data: data({ title: 'Falso', body: 'x', url: 'https://golpe.example/login' }) });
    const calls = scope.registration.showNotification.mock.calls as unknown as [string, NotificationOptions][];
    expect(calls.map(([title]) => title)).toEqual(['Portal de Obras', 'Portal de Obras', 'Falso']);
    expect(calls[1][1].body).toBe('{não é json');
    expect(calls.map(([, o]) => (o.data as { url: string }).url)).toEqual(Array(3).fill(`${ORIGIN}/pendencias`));
  });

  it('a tap focuses the open portal window and takes it to the record', async () => {
    const other = win('https://outro.site/');
    const portal = win(`${ORIGIN}/pendencias`);
    const { scope, dispatch } = worker([other, portal]);
    const close = vi.fn();
    await dispatch('notificationclick', { notification: { data: { url: `${ORIGIN}/contratos/7` }, close } });
    expect(close).toHaveBeenCalled();
    expect(scope.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(portal.focus).toHaveBeenCalled();
    expect(portal.navigate).toHaveBeenCalledWith(`${ORIGIN}/contratos/7`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('a tap with the record already open only focuses it; with no window (the installed app closed), opens one', async () => {
    const open = win(`${ORIGIN}/contratos/7`);
    const a = worker([open]);
    await a.dispatch('notificationclick', { notification: { data: { url: `${ORIGIN}/contratos/7` }, close: vi.fn() } });
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).not.toHaveBeenCalled();

    const b = worker([]);
    await b.dispatch('notificationclick', { notification: { data: { url: `${ORIGIN}/posvendas/3` }, close: vi.fn() } });
    expect(b.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/posvendas/3`);

    // A window that cannot be navigated (not controlled by this worker): a new one is opened.
    const stuck = { ...win(`${ORIGIN}/`), navigate: vi.fn(async () => Promise.reject(new TypeError('not controlled'))) };
    const c = worker([stuck]);
    await c.dispatch('notificationclick', { notification: { data: { url: 'https://golpe.example/' }, close: vi.fn() } });
    expect(c.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/pendencias`);
  });
});
