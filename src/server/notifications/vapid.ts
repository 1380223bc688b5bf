/**
 * The server's VAPID identity for Web Push (RFC 8292): `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY`
 * (base64url, as `npx web-push generate-vapid-keys` prints them) or, without them, a pair generated
 * once and kept in DATA_DIR/secrets/vapid.json (mode 600), so the browsers' subscriptions stay valid
 * across restarts and every process sharing the data directory signs with the same key.
 * `VAPID_SUBJECT` (an https: or mailto: address the push services may contact) defaults to
 * MAIL_FROM's address.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webpush from 'web-push';
import { serverConfig } from '../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const B64URL = /^[A-Za-z0-9_-]+$/;
const cache = new Map<string, VapidKeys>();

/** Whether a key pair has the sizes of P-256 (public: uncompressed point of 65 bytes; private: 32 bytes). */
function wellFormed(pair: { publicKey?: unknown; privateKey?: unknown }): pair is { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = pair;
  return (
    typeof publicKey === 'string' &&
    typeof privateKey === 'string' &&
    B64URL.test(publicKey) &&
    B64URL.test(privateKey) &&
    Buffer.from(publicKey, 'base64url').length === 65 &&
    Buffer.from(publicKey, 'base64url')[0] === 4 &&
    Buffer.from(privateKey, 'base64url').length === 32
  );
}

/** The subject: VAPID_SUBJECT, else `mailto:` MAIL_FROM's address. */
export function vapidSubject(env: NodeJS.ProcessEnv = process.env): string {
  const own = env.VAPID_SUBJECT?.trim();
  if (own) {
    if (!/^(https:\/\/[^\s/]+|mailto:[^\s@]+@[^\s@]+)/.test(own)) throw new Error('VAPID_SUBJECT deve ser um endereço https:// ou mailto:.');
    return own;
  }
  const from = env.MAIL_FROM ?? '';
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? (/^[^\s@<>]+@[^\s@<>]+$/.test(from.trim()) ? from.trim() : 'nao-responda@portal.local');
  return `mailto:${address}`;
}

/** The pair kept in the data directory, created once (a second process starting at the same moment keeps the first one's). */
function storedPair(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'secrets', 'vapid.json');
  const read = () => {
    try {
      const v = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
      return wellFormed(v) ? v : null;
    } catch {
      return null;
    }
  };
  const exists = existsSync(file);
  const known = exists ? read() : null;
  if (known) return known;
  mkdirSync(dirname(file), { recursive: true });
  const fresh = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, JSON.stringify({ publicKey: fresh.publicKey, privateKey: fresh.privateKey }) + '\n', { mode: 0o600, flag: exists ? 'w' : 'wx' });
    chmodSync(file, 0o600);
    return fresh;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const other = read();
    if (!other) throw new Error(`Chaves VAPID ilegíveis em ${file}.`, { cause: e });
    return other;
  }
}

/** The keys in force: the environment's, else the data directory's (generated when absent). */
export function vapidKeys(env: NodeJS.ProcessEnv = process.env, dataDir = serverConfig(env).dataDir): VapidKeys {
  const pub = env.VAPID_PUBLIC_KEY?.trim();
  const priv = env.VAPID_PRIVATE_KEY?.trim();
  const subject = vapidSubject(env);
  if (pub || priv) {
    if (!wellFormed({ publicKey: pub, privateKey: priv }))
      throw new Error('VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY devem vir juntas, em base64url (chave pública de 65 bytes, privada de 32).');
    return { publicKey: pub!, privateKey: priv!, subject };
  }
  const key = `${dataDir}\n${subject}`;
  const known = cache.get(key);
  if (known) return known;
  const keys = { ...storedPair(dataDir), subject };
  cache.set(key, keys);
  return keys;
}
