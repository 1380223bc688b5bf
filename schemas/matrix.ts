/**
 * The site's responsibility matrix as defaults of a new record: each person field that names a
 * matrix column (`matrixRole`) takes that column of the row of the record's discipline, or of
 * "Geral", or of the first row. Isomorphic: the API fills absent values with it, the form shows
 * the same people before saving.
 */
import type { EntitySchema, MatrixRole, Person } from './kinds';

export type MatrixRow = { disciplina?: string } & Partial<Record<MatrixRole, Person>>;

export function matrixRowFor(matrix: unknown, disciplina: unknown): MatrixRow | undefined {
  if (!Array.isArray(matrix) || !matrix.length) return undefined;
  const rows = matrix as MatrixRow[];
  return rows.find((r) => disciplina && r.disciplina === disciplina) ?? rows.find((r) => r.disciplina === 'Geral') ?? rows[0];
}

/**
 * Absent: not sent, null or blank. Anything else (a number, a text that is not an e-mail, an object
 * without `mail`) is the caller's value, which validation refuses, never replaced by a default.
 */
const isAbsent = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The people the matrix gives to the schema's fields that are absent from `values`. */
export function matrixDefaults(schema: EntitySchema, values: Record<string, unknown>, matrix: unknown): Record<string, Person> {
  const row = matrixRowFor(matrix, values.disciplina);
  const out: Record<string, Person> = {};
  if (!row) return out;
  for (const f of schema.fields) {
    if (f.kind !== 'person' || !f.matrixRole) continue;
    const person = row[f.matrixRole];
    if (isAbsent(values[f.name]) && person?.mail) out[f.name] = { ...person };
  }
  return out;
}

export const hasMatrixFields = (schema: EntitySchema): boolean => schema.fields.some((f) => f.kind === 'person' && !!f.matrixRole);
