/**
 * The registered companies' kinds and the field that names one (docs/access.md decision 29), used by
 * the company's schema (schemas/empresa.ts) and by every schema and shared field set that refers to a
 * company.
 */
import type { FieldDef } from '../kinds';

/** Kinds of registered company; references name the kind they accept (`refFilter`). */
export const EMPRESA_TIPOS = ['Cliente', 'Fornecedor', 'Escritório de advocacia', 'Seguradora', 'Corretora', 'Própria', 'Outro'];
export const EMPRESA_FORNECEDOR = 'Fornecedor';
export const EMPRESA_CLIENTE = 'Cliente';
export const EMPRESA_ESCRITORIO = 'Escritório de advocacia';
export const EMPRESA_SEGURADORA = 'Seguradora';
export const EMPRESA_CORRETORA = 'Corretora';

/**
 * A field naming a registered company of the given kind(s): stores its CNPJ digits, the picker
 * offers only companies of those kinds and the API refuses any other with a 400 on the field.
 */
export function companyRef(name: string, label: string, tipo: string | string[], extra: Partial<FieldDef> = {}): FieldDef {
  return { name, kind: 'reference', label, ref: 'empresa', refKey: 'cnpj', refFilter: { tipo }, maxLength: 18, ...extra };
}
