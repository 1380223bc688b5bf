/**
 * The follow-up password of an ethics report (issue 40): shown once to whoever filed it through the
 * public channel, never stored. Only a scrypt hash (random salt, the parameters kept with it) is
 * kept in `canal_etica_acesso`; checking it takes the same time whether the protocol exists or not.
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** No 0/O, 1/I/L: read from a screen and typed back by hand (31 symbols). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** A new password, `XXXX-XXXX-XXXX-XXXX` (16 symbols of 31: about 79 bits). */
export function newFollowUpPassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let s = '';
    for (let i = 0; i < GROUP_LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(s);
  }
  return groups.join('-');
}

/** As typed: case, spaces and hyphens do not matter. */
export const normalizePassword = (typed: string): string => typed.toUpperCase().replace(/[\s-]/g, '');

const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, p: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...p, maxmem: 128 * p.N * p.r * 2 };
  return new Promise((resolve, reject) => scrypt(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** `scrypt$N$r$p$salt$hash` (base64). */
export async function hashFollowUpPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(normalizePassword(password), salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A hash of nothing anyone knows: checked against when the protocol does not exist (same cost). */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashFollowUpPassword(randomBytes(24).toString('base64')));

/** Whether `password` matches `stored`; with no stored hash, false after the same work. */
export async function checkFollowUpPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parts = (stored ?? (await decoyHash())).split('$');
  const [kind, n, r, p, salt, hash] = parts;
  if (parts.length !== 6 || kind !== 'scrypt') return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(normalizePassword(password), Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return stored !== undefined && key.length === expected.length && timingSafeEqual(key, expected);
}
