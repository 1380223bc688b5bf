/**
 * This browser's push subscription (issue 41), for the profile's "Notificações neste aparelho":
 * whether the browser can receive them, the permission (asked only from a button: never on load),
 * subscribing with the server's VAPID key through the service worker's registration (sw.ts shows
 * what arrives) and unsubscribing. The server keeps the subscription (`/api/v1/push/assinaturas`);
 * signing out forgets it on this device (caches.ts), so the next person does not get the notices.
 */

/** Why this browser cannot receive notifications, in pt-BR; null when it can. */
export function pushUnsupportedReason(): string | null {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'Este ambiente não recebe notificações.';
  if (!window.isSecureContext) return 'As notificações só funcionam com o portal aberto por um endereço seguro (https).';
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent);
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return ios
      ? 'No iPhone e no iPad, as notificações chegam ao portal instalado: toque em Compartilhar > "Adicionar à Tela de Início", abra o portal por lá e ative-as de novo.'
      : 'Este navegador não recebe notificações. Use um Chrome, Edge, Firefox ou Safari atualizado.';
  }
  return null;
}

/** The permission as the browser holds it ('default': never asked). */
export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'denied' : Notification.permission;
}

/** base64url → the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The service worker's registration, or null (a development build, blocked service workers). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This browser's current subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg?.pushManager ? reg.pushManager.getSubscription() : null;
}

/** Asks the permission: call it first in the button's handler (Safari wants it inside the gesture). */
export async function askPermission(): Promise<NotificationPermission> {
  if (typeof Notification === 'undefined') return 'denied';
  return Notification.requestPermission();
}

const sameKey = (sub: PushSubscription, key: Uint8Array) => {
  const own = sub.options?.applicationServerKey;
  if (!own) return false;
  const a = new Uint8Array(own);
  return a.length === key.length && a.every((b, i) => b === key[i]);
};

const NOT_INSTALLED = 'O aplicativo do portal ainda não está instalado neste navegador. Recarregue a página e tente de novo.';

/**
 * The browser subscribes through its vendor's push service over the internet (Google's for Chrome and
 * Edge, Mozilla's, Apple's): unreachable, it rejects in English ("Registration failed - push service
 * error") or never answers at all (Chromium waits for its push service indefinitely).
 */
export const NO_PUSH_SERVICE =
  'O navegador não conseguiu se registrar no serviço de notificações dele (do Google, da Mozilla, da Apple ou da Microsoft), que as entrega pela internet. Verifique a conexão deste aparelho (uma rede que bloqueia esse serviço também impede) e toque em "Ativar notificações neste aparelho" de novo.';

/** How long the browser's push service may take to subscribe before the person is told. */
export const SUBSCRIBE_TIMEOUT_MS = 30_000;

/** The browser's refusal of a subscribe, in pt-BR. */
export function subscribeErrorText(e: unknown): string {
  const name = (e as { name?: string } | null)?.name;
  const message = (e as { message?: string } | null)?.message ?? '';
  if (name === 'NotAllowedError') return 'O navegador recusou as notificações para o portal. Libere-as nas permissões do site e tente de novo.';
  if (/no active service worker/i.test(message)) return NOT_INSTALLED;
  return NO_PUSH_SERVICE;
}

/** Subscribes this browser with the server's key (a subscription made with another key is replaced). */
export async function subscribeThisDevice(publicKey: string, { timeoutMs = SUBSCRIBE_TIMEOUT_MS } = {}): Promise<PushSubscriptionJSON> {
  const reg = await registration();
  if (!reg?.pushManager) throw new Error(NOT_INSTALLED);
  const key = keyBytes(publicKey);
  const existing = await reg.pushManager.getSubscription();
  if (existing && sameKey(existing, key)) return existing.toJSON();
  if (existing) await existing.unsubscribe();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const sub = await Promise.race([
      reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('tempo esgotado')), timeoutMs);
      }),
    ]);
    return sub.toJSON();
  } catch (e) {
    throw new Error(subscribeErrorText(e));
  } finally {
    clearTimeout(timer);
  }
}

/** Unsubscribes this browser; its endpoint (to remove on the server), or null when it had none. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const sub = await currentSubscription();
  if (!sub) return null;
  await sub.unsubscribe();
  return sub.endpoint;
}
