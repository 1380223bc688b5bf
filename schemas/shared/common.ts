/**
 * Small building blocks shared by several schemas. Everything here is plain data (or a function
 * returning plain data), so the schemas stay JSON-serializable.
 */
import type { FieldDef } from '../kinds';

/** Brazilian states (UF). */
export const UF_OPTIONS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
];

export const PRIORIDADE_OPTIONS = ['Baixa', 'Média', 'Alta', 'Urgente'];

export const CONFORMIDADE_OPTIONS = ['Conforme', 'Não conforme', 'Não se aplica'];

/**
 * Usual accepted types of file fields: the server compares them with the type it detects from the
 * file's bytes (never the one the browser declares). SVG and HTML are never accepted.
 */
export const IMAGE_ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif'];
export const DOC_ACCEPT = [
  'application/pdf',
  ...IMAGE_ACCEPT,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'text/plain',
  'text/csv',
  'application/zip',
  'image/vnd.dwg',
];

/** The site (obra) a record belongs to: stores `Obra.Id_Lista`. */
export function obraRef(overrides: Partial<FieldDef> = {}): FieldDef {
  return {
    name: 'obra',
    kind: 'reference',
    label: 'Obra',
    ref: 'obra',
    refKey: 'Id_Lista',
    list: true,
    filter: true,
    group: 'Identificação',
    width: 110,
    ...overrides,
  };
}

export function attachmentsField(name: string, label: string, overrides: Partial<FieldDef> = {}): FieldDef {
  return {
    name,
    kind: 'attachments',
    label,
    accept: DOC_ACCEPT,
    maxSizeMb: 50,
    maxFiles: 30,
    group: 'Anexos',
    span: 'full',
    ...overrides,
  };
}

export function imagesField(name: string, label: string, overrides: Partial<FieldDef> = {}): FieldDef {
  return {
    name,
    kind: 'images',
    label,
    accept: IMAGE_ACCEPT,
    maxSizeMb: 15,
    maxFiles: 60,
    group: 'Fotos',
    span: 'full',
    ...overrides,
  };
}

export function longtext(name: string, label: string, overrides: Partial<FieldDef> = {}): FieldDef {
  return { name, kind: 'longtext', label, maxLength: 8000, span: 'full', ...overrides };
}
