/**
 * The SQL that turns an entity's row (alias `t`) into its search document (issue 39): the two
 * weighted vectors, the normalised codes and the words of the typo dictionary; and, from them, the
 * statement that indexes one record (run by the trigger of tables.ts, at the commit of the write) and
 * the one that rebuilds an entity. Generated from the schema alone (parts.ts), so its text is also
 * the fingerprint that tells when the declared search fields changed (sync.ts).
 */
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { schemaByName } from '../../../schemas';
import { columnSql, ident } from '../db/columns';
import { searchParts, type SearchPart } from './parts';
import { SEARCH_CONFIG } from './tables';

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** An e-mail address anywhere in a text (removed from everything external users may search). */
const MAIL_RE = `'[^[:space:]@<>(),;:"]+@[^[:space:]@<>(),;:"]+'`;
const noMails = (x: string) => `regexp_replace(${x}, ${MAIL_RE}, ' ', 'g')`;

/** Versions of this generator: bump to rebuild every index after a change of the SQL below. */
export const DOCUMENT_VERSION = 4;

/** The text of a record's attached files the index takes at most (a tsvector holds up to 1 MB). */
export const FILES_TEXT_MAX = 300_000;

export type Audience = 'interno' | 'externo';

/**
 * The text a field gives the search, or null. `externo`: what an external reader may search
 * (decision 29): no e-mail address (a person by name only), no referenced company's name.
 */
export function fieldText(f: FieldDef, audience: Audience): string | null {
  const col = columnSql(f, undefined, 't');
  switch (f.kind) {
    case 'text':
    case 'longtext':
    case 'enum':
      return audience === 'externo' ? noMails(col) : col;
    case 'email':
      return audience === 'externo' ? null : col;
    case 'integer':
    case 'decimal':
    case 'money':
      return `cast(${col} as text)`;
    case 'date':
      return `to_char(${col}, 'DD/MM/YYYY')`;
    case 'person':
      return audience === 'externo' ? `(${col}->>'nome')` : `concat_ws(' ', ${col}->>'nome', ${col}->>'mail')`;
    case 'tags':
      return `(select string_agg(e, ' ') from jsonb_array_elements_text(case when jsonb_typeof(${col}) = 'array' then ${col} else '[]'::jsonb end) e)`;
    case 'reference': {
      const key = `cast(${col} as text)`;
      // A company is searched by its name too, by the staff (every staff member reads the registry).
      const target = f.ref ? schemaByName(f.ref) : undefined;
      if (audience === 'externo' || f.ref !== 'empresa' || !target) return key;
      const keyCol = ident(f.refKey ?? 'id');
      return `concat_ws(' ', ${key}, (select r.${ident(target.titleField)} from ${ident(target.name)} r where r.${keyCol} = ${col}))`;
    }
    default:
      return null;
  }
}

/**
 * A text as the vectors read it: without accents, every run of anything but letters and digits a
 * space — so "CT-2025-001" gives the words ct, 2025 and 001 (PostgreSQL's parser alone would read
 * "-2025" as a signed number), an e-mail address its parts, a CNPJ its groups of digits — exactly the
 * words the search splits a query into (parse.ts).
 */
export const plainSql = (x: string) => `regexp_replace(unaccent(coalesce(${x}, '')), '[^A-Za-z0-9]+', ' ', 'g')`;

/** The weighted vector of these parts for an audience (the internal fields only in `interno`). */
export function vectorSql(parts: readonly SearchPart[], audience: Audience): string {
  const pieces = parts
    .filter((p) => audience === 'interno' || !p.internal)
    .map((p) => {
      const text = fieldText(p.field, audience);
      return text && `setweight(to_tsvector('${SEARCH_CONFIG}', ${plainSql(text)}), '${p.weight}')`;
    })
    .filter((x): x is string => !!x);
  return pieces.length ? pieces.join(' || ') : `''::tsvector`;
}

/** A code as the search compares it: no accents, lower case, letters and digits only. */
export const normalizedCodeSql = (x: string) => `nullif(lower(regexp_replace(unaccent(coalesce(${x}, '')), '[^A-Za-z0-9]+', '', 'g')), '')`;

/** ' code1 code2 ' (a space on each side of each code, so that `like '% key%'` is a prefix match). */
export function codesSql(parts: readonly SearchPart[]): string {
  const codes = parts
    .filter((p) => p.code && !p.internal)
    .map((p) => fieldText(p.field, 'externo'))
    .filter((x): x is string => !!x)
    .map(normalizedCodeSql);
  return codes.length ? `' ' || concat_ws(' ', ${codes.join(', ')}) || ' '` : `' '`;
}

/** The words of the external texts, lower case without accents (the typo dictionary's source). */
export function wordsSql(parts: readonly SearchPart[]): string {
  const texts = parts
    .filter((p) => !p.internal && !p.code)
    .map((p) => fieldText(p.field, 'externo'))
    .filter((x): x is string => !!x);
  return texts.length ? `lower(unaccent(concat_ws(' ', ${texts.join(', ')})))` : `''`;
}

/**
 * The words of the files the record's `attachments` fields name (their text read in the background
 * by file-text-job.ts into `arquivo_texto`), weight D, for the internal team only: an external
 * reader's vector never has them (decision 29). Null when the entity has no attachments.
 */
export function filesVectorSql(schema: EntitySchema): string | null {
  // The files the record names now (a file taken off a record no longer finds it).
  const keys = schema.fields
    .filter((f) => f.kind === 'attachments')
    .map((f) => {
      const col = columnSql(f, undefined, 't');
      return `SELECT e->>'key' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${col}) = 'array' THEN ${col} ELSE '[]'::jsonb END) e`;
    });
  if (!keys.length) return null;
  const text = `(SELECT left(string_agg(x.texto, ' '), ${FILES_TEXT_MAX}) FROM arquivo_texto x WHERE x.key IN (${keys.join(' UNION ALL ')}))`;
  return `setweight(to_tsvector('${SEARCH_CONFIG}', ${plainSql(text)}), 'D')`;
}

const WORDS_OF = (src: string) => `regexp_split_to_table(${src}, '[^a-z]+') w where length(w) between 4 and 30`;

export interface SearchSource {
  entidade: string;
  recurso: string;
  /** Indexes record $1 (or takes it out of the index when it no longer exists). */
  comando: string;
  /** Rebuilds the whole entity (statements run in order, in one transaction). */
  rebuild: string[];
}

/** The entity's statements, or null when it has nothing to search. */
export function searchSource(schema: EntitySchema): SearchSource | null {
  const parts = searchParts(schema);
  if (!parts.length) return null;
  const e = lit(schema.name);
  const table = ident(schema.name);
  const files = filesVectorSql(schema);
  const interno = files ? `${vectorSql(parts, 'interno')} || ${files}` : vectorSql(parts, 'interno');
  const cols = `${interno} as interno, ${vectorSql(parts, 'externo')} as externo, ${codesSql(parts)} as codigos`;
  const comando = `WITH src AS (SELECT t.id, t.updated_at, ${cols}, ${wordsSql(parts)} as palavras FROM ${table} t WHERE t.id = $1),
  gone AS (DELETE FROM busca_registro WHERE entidade = ${e} AND registro_id = $1 AND NOT EXISTS (SELECT 1 FROM src)),
  prev AS (SELECT externo FROM busca_registro WHERE entidade = ${e} AND registro_id = $1),
  dict AS (INSERT INTO busca_palavra (palavra) SELECT DISTINCT w FROM src, ${WORDS_OF('src.palavras')}
           AND src.externo IS DISTINCT FROM (SELECT externo FROM prev) ON CONFLICT DO NOTHING)
  INSERT INTO busca_registro (entidade, registro_id, atualizado_em, interno, externo, codigos)
  SELECT ${e}, id, updated_at, interno, externo, codigos FROM src
  ON CONFLICT (entidade, registro_id) DO UPDATE SET atualizado_em = excluded.atualizado_em, interno = excluded.interno,
    externo = excluded.externo, codigos = excluded.codigos`;
  const rebuild = [
    `DELETE FROM busca_registro WHERE entidade = ${e}`,
    `INSERT INTO busca_registro (entidade, registro_id, atualizado_em, interno, externo, codigos) SELECT ${e}, t.id, t.updated_at, ${cols} FROM ${table} t`,
    `INSERT INTO busca_palavra (palavra) SELECT DISTINCT w FROM (SELECT ${wordsSql(parts)} AS palavras FROM ${table} t) src, ${WORDS_OF('src.palavras')} ON CONFLICT DO NOTHING`,
  ];
  return { entidade: schema.name, recurso: schema.resource, comando, rebuild };
}
