/**
 * From the ranked hits to what the person receives (issue 39): each record read again as its list
 * would send it — unreadable fields stripped (src/server/crud/read-fields.ts), staff e-mails masked
 * for external readers (src/server/crud/external-privacy.ts, decision 29) — and only then its code,
 * title, state, site and snippet taken from it.
 */
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import type { SearchHit } from '../../../resources/search';
import type { Db } from '../db/connect';
import { flattenExtra, ident } from '../db/columns';
import { governing, readActionOf, type Actor, type Row } from '../crud/record-access';
import { stripUnreadable } from '../crud/read-fields';
import { withoutStaffMails } from '../crud/external-privacy';
import { codeFieldOf, searchParts } from './parts';
import { snippetOf } from './snippet';
import type { Hit } from './query';

const pad = (n: number) => String(n).padStart(2, '0');

/** A value as plain pt-BR text (the snippet's and the title's). */
export function displayText(f: FieldDef | undefined, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (f?.kind === 'date' && typeof v === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
    return m ? `${m[3]}/${m[2]}/${m[1]}` : v;
  }
  if (f?.kind === 'datetime' && typeof v === 'string') {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? v : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
  }
  if (f?.kind === 'person' && typeof v === 'object') {
    const p = v as { nome?: string; mail?: string };
    return [p.nome, p.mail && p.mail !== p.nome ? `(${p.mail})` : ''].filter(Boolean).join(' ');
  }
  if (Array.isArray(v)) return v.map((x) => displayText(undefined, x)).join(', ');
  if (typeof v === 'object') return '';
  return String(v);
}

const fieldOf = (s: EntitySchema, name: string | undefined) => (name ? s.fields.find((f) => f.name === name) : undefined);

/** The rows of the hits, as the reader may receive them (read again: what changed since is shown as it is now). */
async function readableRows(db: Db, schema: EntitySchema, actor: Actor, ids: number[]): Promise<Map<number, Row>> {
  const r = await sql<{ row: Row }>`select to_jsonb(t.*) as row from ${sql.raw(ident(schema.name))} t where t.id = any(${ids})`.execute(db);
  const direct = !governing(schema).parent;
  const raw = r.rows
    .map((x) => flattenExtra(x.row))
    // Defence in depth: the SQL applied the list's rules; CASL must agree on the row itself.
    .filter((row) => !direct || actor.ability.can(readActionOf(schema) as never, subject(schema.subject, { ...row }) as never));
  // The id is the hit's (a field rule may leave it out of what the person reads).
  const shown = await withoutStaffMails(
    db,
    actor,
    schema,
    raw.map((row) => stripUnreadable(actor.ability, schema, row)),
  );
  return new Map(shown.map((row, i) => [Number(raw[i].id), row]));
}

/** Site names the reader may read. */
async function siteNames(db: Db, actor: Actor, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const r = await sql<{ row: Record<string, unknown> }>`select to_jsonb(o.*) as row from obra o where o."Id_Lista" = any(${ids})`.execute(db);
  for (const { row } of r.rows) {
    if (actor.ability.can('read', subject('Obra', { ...row }) as never)) out.set(String(row.Id_Lista), String(row.nome ?? ''));
  }
  return out;
}

function present(schema: EntitySchema, row: Row, hit: Hit, roots: readonly string[]): SearchHit {
  const codeField = codeFieldOf(schema);
  const code = codeField ? displayText(codeField, row[codeField.name]) : '';
  const titleField = fieldOf(schema, schema.titleField);
  const title = displayText(titleField, row[schema.titleField]) || code || `${schema.label} ${hit.id}`;
  const wf = schema.workflow;
  const stateValue = wf ? row[wf.field] : undefined;
  const state = wf && typeof stateValue === 'string' ? wf.states.find((s) => s.value === stateValue) : undefined;
  const obraValue = schema.obraField ? row[schema.obraField] : undefined;
  let trecho: SearchHit['trecho'] = null;
  // The first readable searchable field, besides the title and the code already shown, where a word matched.
  for (const p of searchParts(schema)) {
    if (!(p.field.name in row) || p.field.name === schema.titleField || p.field === codeField) continue;
    const partes = snippetOf(displayText(p.field, row[p.field.name]), roots);
    if (partes) {
      trecho = { campo: p.field.label, partes };
      break;
    }
  }
  return {
    recurso: schema.resource,
    modulo: schema.labelPlural,
    id: hit.id,
    codigo: code && code !== title ? code : null,
    titulo: title,
    estado: typeof stateValue === 'string' ? { valor: stateValue, rotulo: state?.label ?? stateValue, cor: state?.color ?? 'default' } : null,
    obra: obraValue !== null && obraValue !== undefined && obraValue !== '' ? { id: String(obraValue), nome: null } : null,
    trecho,
    atualizadoEm: hit.em,
  };
}

/** The hits (already ranked and cut) as the answer's results; a hit whose record is gone or unreadable now is left out. */
export async function presentHits(db: Db, schemas: readonly EntitySchema[], actor: Actor, hits: Hit[], roots: readonly string[]): Promise<SearchHit[]> {
  const byEntity = new Map<string, number[]>();
  for (const h of hits) byEntity.set(h.entidade, [...(byEntity.get(h.entidade) ?? []), h.id]);
  const rows = new Map<string, Map<number, Row>>();
  for (const [entidade, ids] of byEntity) {
    const schema = schemas.find((s) => s.name === entidade);
    if (schema) rows.set(entidade, await readableRows(db, schema, actor, ids));
  }
  const out: SearchHit[] = [];
  for (const h of hits) {
    const schema = schemas.find((s) => s.name === h.entidade);
    const row = rows.get(h.entidade)?.get(h.id);
    if (schema && row) out.push(present(schema, row, h, roots));
  }
  const names = await siteNames(db, actor, [...new Set(out.flatMap((r) => (r.obra ? [r.obra.id] : [])))]);
  for (const r of out) if (r.obra) r.obra.nome = names.get(r.obra.id) ?? null;
  if (!actor.client) await fileSnippets(db, schemas, out, rows, roots);
  return out;
}

/**
 * A result found by the words of an attached file (the internal team's search, query.ts) and by no
 * field: its snippet comes from that file's text, "Anexo <name>", when the person reads the field.
 */
async function fileSnippets(
  db: Db,
  schemas: readonly EntitySchema[],
  out: SearchHit[],
  rows: Map<string, Map<number, Row>>,
  roots: readonly string[],
): Promise<void> {
  const wanted = out.filter((r) => !r.trecho && schemas.some((s) => s.resource === r.recurso && s.fields.some((f) => f.kind === 'attachments')));
  if (!wanted.length || !roots.length) return;
  const texts = await sql<{ recurso: string; registro_id: string; campo: string; key: string; nome: string; texto: string }>`
    select v.recurso, v.registro_id, v.campo, v.key, a.nome, x.texto from arquivo_vinculo v
    join arquivo_texto x on x.key = v.key join arquivo a on a.key = v.key
    where x.texto is not null and v.recurso = any(${[...new Set(wanted.map((r) => r.recurso))]})
      and v.registro_id = any(${wanted.map((r) => r.id)}) order by a.nome`.execute(db);
  for (const r of wanted) {
    const schema = schemas.find((s) => s.resource === r.recurso)!;
    const row = rows.get(schema.name)?.get(r.id);
    for (const t of texts.rows) {
      if (t.recurso !== r.recurso || Number(t.registro_id) !== r.id || !row) continue;
      // A file the record names now, in a field the person reads.
      const files = row[t.campo];
      if (!Array.isArray(files) || !files.some((f) => (f as { key?: unknown } | null)?.key === t.key)) continue;
      const partes = snippetOf(t.texto, roots);
      if (partes) {
        r.trecho = { campo: `Anexo ${t.nome}`, partes };
        break;
      }
    }
  }
}
