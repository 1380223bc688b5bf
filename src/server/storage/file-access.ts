/**
 * Who may see a stored file: whoever may read the record (and the field) that holds it. Each file
 * knows its owners in `arquivo_vinculo` (record + field), written by the server when a record
 * naming the file is saved; files stored before that (demo data) get theirs on first download.
 * An upload no record holds yet is readable only by its uploader, for a day. Deleting a record
 * moves it to the trash, which holds its files until the entry is restored or purged (src/server/trash).
 */
import { sql } from 'kysely';
import { schemaByResource, SCHEMAS } from '../../../schemas';
import type { EntitySchema, FieldDef, StoredFile } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { canOn, readActionOf, readWhere, selectOne, type Actor } from '../crud/record-access';
import { readableFields } from '../crud/read-fields';
import { acceptsType, describeAccept } from './file-types';
import type { FileStorage } from './storage';
import { thumbKey } from './thumbnails';

/** How long an upload no record holds yet stays readable by its uploader. */
export const UNATTACHED_HOURS = 24;

const isFileKind = (f: FieldDef) => f.kind === 'attachments' || f.kind === 'images';

/** The file fields of a schema: top-level, or a file sub-field of a `rows` field (e.g. a checklist answer's photos). */
export interface FileSlot {
  /** Top-level field holding the files (the one field-level rules name). */
  field: FieldDef;
  /** The file sub-field inside each row, for `rows` fields. */
  sub?: FieldDef;
}

export function fileSlots(schema: EntitySchema): FileSlot[] {
  const out: FileSlot[] = [];
  for (const f of schema.fields) {
    if (isFileKind(f)) out.push({ field: f });
    else if (f.kind === 'rows') for (const s of f.fields ?? []) if (isFileKind(s)) out.push({ field: f, sub: s });
  }
  return out;
}

/** The slot an upload names (`campo`: a top-level field, or a file sub-field of a rows field). */
export function slotNamed(schema: EntitySchema, campo: string): FileSlot | undefined {
  const slots = fileSlots(schema);
  return slots.find((s) => !s.sub && s.field.name === campo) ?? slots.find((s) => s.sub && (s.sub.name === campo || `${s.field.name}.${s.sub.name}` === campo));
}

const filesIn = (v: unknown): StoredFile[] =>
  Array.isArray(v) ? v.filter((x): x is StoredFile => !!x && typeof x === 'object' && typeof (x as StoredFile).key === 'string') : [];

/** The files a slot holds in a record. */
export function filesOf(slot: FileSlot, record: Record<string, unknown>): StoredFile[] {
  const v = record[slot.field.name];
  if (!slot.sub) return filesIn(v);
  return Array.isArray(v) ? v.flatMap((row) => (row && typeof row === 'object' ? filesIn((row as Record<string, unknown>)[slot.sub!.name]) : [])) : [];
}

type FileRow = { key: string; nome: string; tamanho: number; tipo: string; criado_por: string | null; criado_em: string | Date };

export async function fileRow(db: Db, key: string): Promise<FileRow | undefined> {
  const r = await sql<FileRow>`select key, nome, tamanho, tipo, criado_por, criado_em from arquivo where key = ${key}`.execute(db);
  return r.rows[0];
}

/** Owners of a file stored before links were written: found by JSON containment in every file field, then recorded. */
async function discoverOwners(db: Db, key: string): Promise<void> {
  const parts = SCHEMAS.flatMap((schema) =>
    fileSlots(schema).map((slot) => {
      const probe = slot.sub ? [{ [slot.sub.name]: [{ key }] }] : [{ key }];
      return sql`select ${schema.resource}::text as recurso, id, ${slot.field.name}::text as campo from ${sql.table(schema.name)} where ${sql.ref(slot.field.name)} @> cast(${JSON.stringify(probe)} as jsonb)`;
    }),
  );
  if (!parts.length) return;
  await sql`insert into arquivo_vinculo (key, recurso, registro_id, campo) select ${key}, o.recurso, o.id, o.campo from (${sql.join(parts, sql` union all `)}) o on conflict do nothing`.execute(
    db,
  );
}

/** The records (and fields) that hold a file. */
export async function linksOf(db: Db, key: string) {
  const r = await sql<{
    recurso: string;
    registro_id: string | number;
    campo: string;
  }>`select recurso, registro_id, campo from arquivo_vinculo where key = ${key}`.execute(db);
  return r.rows;
}

/** May the actor read this record and its field (CASL on the record, the SQL read rule for its id, field rules)? */
export async function mayReadRecordField(db: Db, actor: Actor, schema: EntitySchema, id: number, fieldName: string, key?: string): Promise<boolean> {
  const row = await selectOne(db, schema, id);
  if (!row) return false;
  if (key !== undefined) {
    const slots = fileSlots(schema).filter((s) => s.field.name === fieldName);
    if (!slots.some((s) => filesOf(s, row).some((f) => f.key === key))) return false;
  }
  if (!(await canOn(db, schema, actor, readActionOf(schema), row))) return false;
  let where;
  try {
    where = readWhere(schema, actor);
  } catch {
    return false;
  }
  const hit = await db.selectFrom(schema.name).select('id').where('id', '=', id).where(where).executeTakeFirst();
  if (!hit) return false;
  const fields = readableFields(actor.ability, schema, row);
  return !fields || fields.has(fieldName);
}

export type FileAccess = { ok: true; file: FileRow } | { ok: false; status: 403 | 404 };

/** The access check of every file response (download and thumbnail). */
export async function checkFileAccess(db: Db, actor: Actor, key: string, exclude?: { recurso: string; id: number }): Promise<FileAccess> {
  const file = await fileRow(db, key);
  if (!file) return { ok: false, status: 404 };
  let links = await linksOf(db, key);
  if (!links.length) {
    await discoverOwners(db, key);
    links = await linksOf(db, key);
  }
  // The record being saved does not vouch for its own files.
  if (exclude) links = links.filter((l) => !(l.recurso === exclude.recurso && Number(l.registro_id) === exclude.id));
  for (const l of links) {
    const schema = schemaByResource(l.recurso);
    if (schema && (await mayReadRecordField(db, actor, schema, Number(l.registro_id), l.campo, key))) return { ok: true, file };
  }
  if (!links.length && file.criado_por && file.criado_por.toLowerCase() === actor.email.toLowerCase()) {
    const age = Date.now() - new Date(file.criado_em).getTime();
    if (age < UNATTACHED_HOURS * 3600_000) return { ok: true, file };
  }
  return { ok: false, status: 403 };
}

/**
 * When a record is saved: every file it newly names must be of a type its field accepts and be the
 * caller's own upload or a file the caller may already read; the record becomes one of its owners.
 */
export async function attachRecordFiles(
  db: Db,
  schema: EntitySchema,
  actor: Actor,
  id: number,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  let forbidden = false;
  for (const slot of fileSlots(schema)) {
    const old = new Set(before ? filesOf(slot, before).map((f) => f.key) : []);
    for (const f of filesOf(slot, after)) {
      const row = await fileRow(db, f.key);
      if (!row) continue; // not a stored upload: nothing is served for it
      if (!old.has(f.key)) {
        const target = slot.sub ?? slot.field;
        if (!acceptsType(target, row.tipo)) {
          (errors[slot.field.name] ??= []).push(`O arquivo "${row.nome}" não é de um tipo aceito em ${target.label} (${describeAccept(target)}).`);
          continue;
        }
        const own = row.criado_por?.toLowerCase() === actor.email.toLowerCase();
        if (!own && !(await checkFileAccess(db, actor, f.key, { recurso: schema.resource, id })).ok) {
          forbidden = true;
          (errors[slot.field.name] ??= []).push(`Você não tem acesso ao arquivo "${row.nome}".`);
          continue;
        }
      }
      await sql`insert into arquivo_vinculo (key, recurso, registro_id, campo) values (${f.key}, ${schema.resource}, ${id}, ${slot.field.name}) on conflict do nothing`.execute(
        db,
      );
    }
  }
  if (Object.keys(errors).length) {
    throw new ApiError(forbidden ? 403 : 400, forbidden ? 'Você não tem acesso a um dos arquivos informados.' : 'Verifique os arquivos enviados.', errors);
  }
}

/** The keys of the files a record names in its file fields. */
export const namedFiles = (schema: EntitySchema, row: Record<string, unknown>): string[] =>
  fileSlots(schema).flatMap((slot) => filesOf(slot, row).map((f) => f.key));

/**
 * Of these files, forgets (`arquivo` row) each that no record holds any more (a link, or a record
 * naming it); returns their keys, whose objects the caller removes after the commit.
 */
export async function forgetUnheld(db: Db, keys: string[]): Promise<string[]> {
  const freed: string[] = [];
  for (const key of new Set(keys)) {
    if (!(await fileRow(db, key))) continue;
    if (!(await linksOf(db, key)).length) await discoverOwners(db, key);
    if ((await linksOf(db, key)).length) continue;
    await sql`delete from arquivo where key = ${key}`.execute(db);
    await sql`delete from arquivo_marcacao where key = ${key}`.execute(db);
    freed.push(key);
  }
  return freed;
}

/**
 * Removes forgotten files from the store, thumbnails included. Best effort: the record is already
 * deleted; an object the store did not remove (S3 down) is left unreferenced, and the log says which.
 */
export async function removeStoredFiles(storage: FileStorage, keys: string[], log = (m: string, e: unknown) => console.warn(m, e)): Promise<void> {
  for (const key of keys) {
    for (const k of [key, thumbKey(key)]) {
      await storage
        .remove(k)
        .catch((e: unknown) =>
          log(`[arquivos] objeto não removido do armazenamento: ${k}`, e instanceof Error ? String((e.cause as Error | undefined)?.message ?? e.message) : e),
        );
    }
  }
}
