/** The VAPID keys (issue 41): the environment's, or a pair generated once into DATA_DIR/secrets and kept. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { vapidKeys, vapidSubject } from './vapid';

const dir = mkdtempSync(join(tmpdir(), 'portal-vapid-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('VAPID keys', () => {
  it('generates a pair into the data directory when the environment has none, and keeps it', () => {
    const first = vapidKeys({}, dir);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const file = join(dir, 'secrets', 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(vapidKeys({ MAIL_FROM: 'Portal <avisos@empresa.com.br>' }, dir)).toEqual({ ...first, subject: 'mailto:avisos@empresa.com.br' });
  });

  it('uses the environment’s pair and subject, and refuses half a pair or a malformed key', () => {
    const env = webpush.generateVAPIDKeys();
    const keys = vapidKeys({ VAPID_PUBLIC_KEY: env.publicKey, VAPID_PRIVATE_KEY: env.privateKey, VAPID_SUBJECT: 'https://portal.empresa.com.br' }, dir);
    expect(keys).toEqual({ ...env, subject: 'https://portal.empresa.com.br' });
    expect(() => vapidKeys({ VAPID_PUBLIC_KEY: env.publicKey }, dir)).toThrow(/VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY/);
    expect(() => vapidKeys({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: env.privateKey }, dir)).toThrow(/base64url/);
    expect(() => vapidSubject({ VAPID_SUBJECT: 'portal' })).toThrow(/https:\/\/ ou mailto:/);
    expect(vapidSubject({})).toBe('mailto:nao-responda@portal.local');
  });
});
