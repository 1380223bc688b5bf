/**
 * A reference's `refFilter` (schemas/kinds.ts), read the same way by the API's check, the
 * migration's matching, the picker and the OpenAPI document: each target field with the list of
 * values it may hold ('Fornecedor' or ['Fornecedor', 'Cliente']).
 */
import type { FieldDef } from './kinds';

/** Target field → allowed values (never empty lists); [] when the reference accepts any record. */
export function refFilterEntries(field: Pick<FieldDef, 'refFilter'>): [string, string[]][] {
  return Object.entries(field.refFilter ?? {})
    .map(([name, v]): [string, string[]] => [name, (Array.isArray(v) ? v : [v]).map(String)])
    .filter(([, values]) => values.length > 0);
}

/** Whether a target record's values pass the filter (missing values compare as ''). */
export function passesRefFilter(field: Pick<FieldDef, 'refFilter'>, get: (name: string) => unknown): boolean {
  return refFilterEntries(field).every(([name, values]) => values.includes(String(get(name) ?? '')));
}

/** The allowed values in pt-BR: '"Fornecedor"', '"Fornecedor" ou "Cliente"'. */
export function allowedValuesText(values: readonly string[]): string {
  const quoted = values.map((v) => `"${v}"`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} ou ${quoted[quoted.length - 1]}` : (quoted[0] ?? '');
}
