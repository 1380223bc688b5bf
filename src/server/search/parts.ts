/**
 * What each field of an entity contributes to the search across every module (issue 39), read from
 * the schema's declaration: the fields with `search` (code schemas, and custom fields an
 * administrator marked searchable, schemas/overlay.ts), each with its weight, plus the entity's
 * numbering field (an RDO's number, a ticket's code), always a code.
 */
import type { EntitySchema, FieldDef, SearchWeight } from '../../../schemas/kinds';

export interface SearchPart {
  field: FieldDef;
  weight: SearchWeight;
  /** Found exactly and by prefix, punctuation ignored (numbers, codes, CNPJ). */
  code: boolean;
  /** For the internal team only (decision 29): never in the external vector, the codes or the typo words. */
  internal: boolean;
}

/** Kinds whose value is text the search reads (the others — dates aside — say nothing to a word search). */
const TEXT_KINDS = new Set(['text', 'longtext', 'email', 'enum', 'integer', 'decimal', 'money', 'date', 'reference', 'person', 'tags']);

/** Field names that hold a code or a number of the record (besides `unique` and `format: 'cnpj'`). */
const CODE_NAMES = /^(codigo|numero|protocolo|numeroApolice|ordemProducao|cnpj)$/;

export function isCodeField(schema: EntitySchema, f: FieldDef): boolean {
  if (f.kind === 'email' || f.kind === 'person' || f.kind === 'longtext' || f.kind === 'tags') return false;
  if (schema.numbering?.field === f.name) return true;
  if (f.kind === 'reference') return f.refKey === 'cnpj';
  return f.format === 'cnpj' || (f.unique === true && f.kind === 'text') || CODE_NAMES.test(f.name);
}

function defaultWeight(schema: EntitySchema, f: FieldDef, code: boolean): SearchWeight {
  if (f.internal) return 'D';
  if (code || f.name === schema.titleField) return 'A';
  if (f.kind === 'longtext' || f.kind === 'tags') return 'C';
  return 'B';
}

/** The entity's search parts, in the schema's field order (empty: the entity is not indexed). */
export function searchParts(schema: EntitySchema): SearchPart[] {
  const out: SearchPart[] = [];
  for (const f of schema.fields) {
    const numbering = schema.numbering?.field === f.name;
    if ((!f.search && !numbering) || !TEXT_KINDS.has(f.kind)) continue;
    const code = isCodeField(schema, f);
    const weight = typeof f.search === 'string' ? f.search : defaultWeight(schema, f, code);
    out.push({ field: f, weight, code, internal: !!f.internal });
  }
  return out;
}

/** The field whose value is the record's code in the results (its numbering, else its first code). */
export function codeFieldOf(schema: EntitySchema): FieldDef | undefined {
  const parts = searchParts(schema);
  return parts.find((p) => p.field.name === schema.numbering?.field)?.field ?? parts.find((p) => p.code && p.field.kind === 'text')?.field;
}
