/**
 * Verification codes of signed documents: 10 characters of an alphabet without look-alikes (no 0/O,
 * 1/I/L), read aloud or typed from paper without doubt; 31^10 ≈ 8·10^14 codes.
 */
import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '../../../resources/signatures';

export { CODE_ALPHABET, CODE_LENGTH };
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** A new random code (crypto random, uniform over the alphabet). */
export function newVerificationCode(): string {
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/** The code as typed (case and spaces or hyphens aside), or null when it cannot be one. */
export function normalizeCode(raw: string): string | null {
  const code = raw.replace(/[\s-]/g, '').toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}
