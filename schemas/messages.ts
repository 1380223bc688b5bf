/**
 * The Portuguese validation messages, shared by the server's validation (src/server/crud/validate.ts)
 * and the forms' client rules (src/app/fields/rules.ts), so the user reads the same text before and
 * after a round trip. Also the e-mail pattern both use.
 */
/** A label inside a sentence: its first letter lowered, unless it starts an acronym ("RIT", "TAFs", "EAP"). */
export function lowerLabel(label: string): string {
  if (label.length > 1 && label[1] === label[1].toUpperCase() && label[1] !== label[1].toLowerCase()) return label;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const VALIDATION_MESSAGES = {
  required: 'Campo obrigatório.',
  unknown: 'Campo desconhecido.',
  text: 'Informe um texto.',
  email: 'E-mail inválido.',
  integer: 'Informe um número inteiro.',
  number: 'Informe um número.',
  date: 'Data inválida (use aaaa-mm-dd).',
  datetime: 'Data e hora inválidas.',
  boolean: 'Informe sim ou não.',
  list: 'Informe uma lista.',
  object: 'Formato inválido.',
  pattern: 'Valor fora do formato esperado.',
  file: 'Arquivo inválido.',
  maxLength: (n: number) => `Máximo de ${n} caracteres.`,
  minLength: (n: number) => `Mínimo de ${n} caracteres.`,
  min: (n: number) => `O valor mínimo é ${n.toLocaleString('pt-BR')}.`,
  max: (n: number) => `O valor máximo é ${n.toLocaleString('pt-BR')}.`,
  enum: (opts: string[]) => `Valor inválido. Opções: ${opts.join(', ')}.`,
  maxFiles: (n: number) => `No máximo ${n} arquivo(s).`,
  tagLength: (n: number) => `Cada etiqueta pode ter no máximo ${n} caracteres.`,
  fileType: (name: string) => `Tipo de arquivo não permitido: ${name}.`,
  fileSize: (name: string, mb: number) => `O arquivo ${name} excede o limite de ${mb.toLocaleString('pt-BR')} MB.`,
};

export const isEmptyValue = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
