/**
 * CNPJ (Brazilian company registry number): normalisation, check digits and display. Accepts the
 * numeric form and the alphanumeric one the Receita Federal issues from July 2026 (12 characters
 * 0-9/A-Z, then 2 numeric check digits; a character's value is its code minus 48).
 */

/** Without punctuation and spaces, upper case: the stored form ('11222333000181'). */
export function normalizeCnpj(raw: string): string {
  return raw.replace(/[\s./-]/g, '').toUpperCase();
}

function checkDigit(chars: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = chars.length - 1; i >= 0; i--) {
    sum += (chars.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** A normalised CNPJ whose check digits are right (not all the same digit). */
export function isValidCnpj(raw: string): boolean {
  const s = normalizeCnpj(raw);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(s) || /^(\d)\1{13}$/.test(s)) return false;
  const d1 = checkDigit(s.slice(0, 12));
  const d2 = checkDigit(s.slice(0, 12) + d1);
  return s.endsWith(`${d1}${d2}`);
}

/** '11.222.333/0001-81' (any other text is returned as it is). */
export function formatCnpj(raw: string): string {
  const s = normalizeCnpj(raw);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(s)) return raw;
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12)}`;
}

export const CNPJ_INVALID = 'CNPJ inválido.';

/** Legal-form words dropped when comparing company names ('Ltda.', 'S.A.', 'ME', 'EIRELI'…). */
const LEGAL_SUFFIXES = new Set(['ltda', 'limitada', 'lda', 'sa', 'me', 'epp', 'eireli', 'mei', 'ss', 'cia']);

/**
 * A company name reduced for matching: case, accents, punctuation, extra spaces and a trailing
 * legal form ignored, '&' read as 'e' ('Montagens Ideal Ltda.' and 'MONTAGENS  IDEAL' match).
 */
export function companyNameKey(name: string): string {
  const folded = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' e ')
    .replace(/[.'’/]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  const words = folded ? folded.split(' ') : [];
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1])) words.pop();
  return words.join(' ');
}
