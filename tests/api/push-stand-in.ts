/**
 * A local stand-in for a browser vendor's push service (issue 41), for the push tests: an HTTPS
 * server (self-signed certificate, trusted through the agent it gives) that keeps each request,
 * answers 201 under /push/ok/, 410 under /push/gone/ and 404 under /push/not-found/ (the two answers
 * of a push service to an expired or unsubscribed subscription), and the browser's side of a subscription:
 * an ECDH P-256 key pair and a 16-byte auth secret, with the decryption of an aes128gcm message
 * (RFC 8188 content coding, RFC 8291 key derivation) written here from the RFCs, not the library's.
 */
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, Agent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface StandIn {
  origin: string;
  agent: Agent;
  requests: PushRequest[];
  close(): Promise<void>;
}

export async function startPushStandIn(): Promise<StandIn> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7 as const, ip: '127.0.0.1' }] }],
  });
  const requests: PushRequest[] = [];
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const url = req.url ?? '';
      res.statusCode = url.startsWith('/push/gone/') ? 410 : url.startsWith('/push/not-found/') ? 404 : 201;
      res.end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ ca: pems.cert, keepAlive: false });
  return {
    origin: `https://127.0.0.1:${port}`,
    agent,
    requests,
    close: () =>
      new Promise<void>((ok) => {
        agent.destroy();
        server.close(() => ok());
      }),
  };
}

/** The browser's side of a subscription: what `PushManager.subscribe` keeps and what it gives the server. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm push message (one record) with the subscription's private key and auth secret. */
export function decryptAes128gcm(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  // Header (RFC 8188 §2.1): salt (16) | rs (uint32) | idlen (1) | keyid (the server's ephemeral public key).
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  // RFC 8291 §3.3-3.4.
  const uaPublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const prkKey = hmac(keys.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('aes128gcm: missing last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
