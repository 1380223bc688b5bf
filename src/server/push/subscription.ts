/**
 * A browser's push subscription as `POST /api/v1/push/assinaturas` receives it (issue 41): the
 * `PushSubscription.toJSON()` of the Push API. Checked before anything is stored:
 * - `endpoint`: an https URL of a browser vendor's push service (Chrome/Android, Edge, Firefox,
 *   Safari), or of a host `PUSH_SERVICE_HOSTS` adds: the server posts to it, so it is never an
 *   arbitrary address (no requests to the company's own network);
 * - `keys.p256dh`: base64url of an uncompressed P-256 point (65 bytes) on the curve;
 * - `keys.auth`: base64url of the 16-byte authentication secret.
 * Anything else (an FCM or APNs token, an http address, keys of other sizes) is a 400 per field in pt-BR.
 */
import { createPublicKey } from 'node:crypto';
import { ApiError } from '../http/errors';
import type { PushSubscriptionBody } from '../../../resources/notificacoes';

/** The browsers' push services (host or a parent domain of it). */
export const VENDOR_PUSH_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

/** The accepted hosts: the vendors' and those PUSH_SERVICE_HOSTS adds (comma-separated). */
export function pushServiceHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  const extra = (env.PUSH_SERVICE_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return [...VENDOR_PUSH_HOSTS, ...extra];
}

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const MAX_ENDPOINT = 2048;

/** The bytes of a base64url text, or null when it is not base64url. */
function b64url(v: unknown): Buffer | null {
  return typeof v === 'string' && B64URL.test(v) ? Buffer.from(v.replace(/=+$/, ''), 'base64url') : null;
}

/** Whether 65 bytes are an uncompressed point of P-256 (createPublicKey refuses a point off the curve). */
function onCurve(point: Buffer): boolean {
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

function endpointError(v: unknown): string | null {
  if (typeof v !== 'string' || !v.trim()) return 'Informe o endereço (endpoint) da assinatura de push do navegador.';
  if (v.length > MAX_ENDPOINT) return `O endereço tem mais de ${MAX_ENDPOINT} caracteres.`;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return 'O endereço da assinatura não é uma URL.';
  }
  if (url.protocol !== 'https:') return 'O endereço da assinatura deve começar com https://.';
  if (url.username || url.password) return 'O endereço da assinatura não pode conter usuário ou senha.';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!pushServiceHosts().some((h) => host === h || host.endsWith(`.${h}`)))
    return 'O endereço não é de um serviço de push de navegador (Chrome, Edge, Firefox ou Safari).';
  return null;
}

/** The subscription, checked; 400 with per-field pt-BR messages otherwise. */
export function parseSubscription(body: unknown): PushSubscriptionBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  const b = body as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const known = new Set(['endpoint', 'expirationTime', 'keys', 'aparelho']);
  for (const k of Object.keys(b)) if (!known.has(k)) errors[k] = ['Campo desconhecido numa assinatura de push.'];
  const endpoint = endpointError(b.endpoint);
  if (endpoint) errors.endpoint = [endpoint];
  if (b.expirationTime !== undefined && b.expirationTime !== null) {
    if (typeof b.expirationTime !== 'number' || !Number.isFinite(b.expirationTime)) errors.expirationTime = ['Informe um instante em milissegundos, ou null.'];
    else if (b.expirationTime <= Date.now()) errors.expirationTime = ['Esta assinatura já expirou: ative as notificações de novo.'];
  }
  const keys = b.keys;
  if (typeof keys !== 'object' || keys === null || Array.isArray(keys)) errors.keys = ['Informe as chaves da assinatura (p256dh e auth).'];
  else {
    const k = keys as Record<string, unknown>;
    const p256dh = b64url(k.p256dh);
    if (!p256dh || !onCurve(p256dh)) errors['keys.p256dh'] = ['Informe a chave pública do navegador: base64url de um ponto P-256 de 65 bytes.'];
    const auth = b64url(k.auth);
    if (!auth || auth.length !== 16) errors['keys.auth'] = ['Informe o segredo de autenticação: base64url de 16 bytes.'];
  }
  if (b.aparelho !== undefined && (typeof b.aparelho !== 'string' || b.aparelho.length > 120)) errors.aparelho = ['Informe um nome de até 120 caracteres.'];
  if (Object.keys(errors).length) throw new ApiError(400, 'Assinatura de push inválida. Nada foi gravado.', errors);
  const k = keys as { p256dh: string; auth: string };
  return {
    endpoint: b.endpoint as string,
    expirationTime: (b.expirationTime as number | null | undefined) ?? null,
    // Stored without padding, as browsers send them.
    keys: { p256dh: k.p256dh.replace(/=+$/, ''), auth: k.auth.replace(/=+$/, '') },
    ...(typeof b.aparelho === 'string' && b.aparelho.trim() ? { aparelho: b.aparelho.trim() } : {}),
  };
}
