/**
 * docs/access.md decision 29, read side: external users (clients, suppliers, law firms) never receive a
 * staff e-mail address. Driven by the schema, once, in the read path (lists, single reads, write and
 * transition answers, history): a person field ({mail, nome}, also inside rows and objects) keeps
 * its `mail` only when it is the reader's own address; `created_by` / `updated_by` and a history
 * entry's author become the person's name, and so does a staff member's address typed in free text
 * (an action's "Quem (e-mail ou nome)"). Filters, sorts, searches and groupings that would reveal
 * an address are refused (or, for the free-text search, leave the addresses out).
 */
import { sql } from 'kysely';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import type { ListParams } from './list-query';

/** Who receives the data: the caller's address and whether they are external (decision 1). */
export interface Reader {
  email: string;
  client?: boolean;
}

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
const looksLikeMail = (v: unknown): v is string => typeof v === 'string' && v.includes('@');

/** Whether this address is the reader's own. */
export const isOwnMail = (reader: Reader, mail: unknown): boolean => !!reader.email && lower(mail) === lower(reader.email);

/** A person as an external reader receives it: the name only, unless the person is the reader. */
function personFor(reader: Reader, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const p = value as Record<string, unknown>;
  if (!('mail' in p) || isOwnMail(reader, p.mail)) return value;
  const { mail: _hidden, ...rest } = p;
  return rest;
}

/** Text kinds where a person may have typed an address ("Quem (e-mail ou nome)"). */
const isText = (f: FieldDef) => f.kind === 'text' || f.kind === 'longtext';
/** Whether a field holds people or free text somewhere (itself, or a sub-field of its rows / object). */
function holdsPeopleOrText(f: FieldDef): boolean {
  if (f.kind === 'person' || isText(f)) return true;
  return (f.kind === 'rows' || f.kind === 'object') && !!f.fields?.some((sub) => sub.internal || holdsPeopleOrText(sub));
}
const ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** Staff addresses typed in free text → the person's name (other addresses, e.g. a supplier's contact, stay). */
type StaffNames = Map<string, string>;

function valueFor(reader: Reader, f: FieldDef, value: unknown, staff: StaffNames = new Map()): unknown {
  if (value === null || value === undefined) return value;
  if (f.kind === 'person') return personFor(reader, value);
  if (isText(f) && typeof value === 'string' && staff.size) {
    return value.replace(ADDRESS, (m) => (isOwnMail(reader, m) ? m : (staff.get(m.toLowerCase()) ?? m)));
  }
  if (f.kind === 'rows' && Array.isArray(value)) return value.map((r) => objectFor(reader, f.fields ?? [], r, staff));
  if (f.kind === 'object') return objectFor(reader, f.fields ?? [], value, staff);
  return value;
}

function objectFor(reader: Reader, fields: FieldDef[], value: unknown, staff: StaffNames): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const f of fields) {
    // A sub-field marked internal (an action's cost) is the team's business only (decision 29).
    if (f.internal) delete out[f.name];
    else if (holdsPeopleOrText(f) && f.name in out) out[f.name] = valueFor(reader, f, out[f.name], staff);
  }
  return out;
}

/** Every address typed in the free text of these values (top level, rows and objects). */
function typedAddresses(fields: FieldDef[], values: unknown[], out: Set<string>): Set<string> {
  for (const v of values) {
    if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
    for (const f of fields) {
      const x = (v as Record<string, unknown>)[f.name];
      if (isText(f) && typeof x === 'string') for (const m of x.match(ADDRESS) ?? []) out.add(m.toLowerCase());
      else if (f.kind === 'rows' && Array.isArray(x)) typedAddresses(f.fields ?? [], x, out);
      else if (f.kind === 'object') typedAddresses(f.fields ?? [], [x], out);
    }
  }
  return out;
}

/** The names of the staff users among these addresses (a staff member without a name: "Equipe interna"). */
async function staffNamesOf(db: Db, mails: Set<string>): Promise<StaffNames> {
  const out: StaffNames = new Map();
  if (!mails.size) return out;
  const r = await sql<{ email: string; nome: string | null }>`
    select email, nome from usuario
    where lower(email) in (${sql.join([...mails])})
      and coalesce(tipo, '') not in ('cliente', 'fornecedor', 'escritorio')
      and not coalesce(roles ? 'cliente', false)`.execute(db);
  for (const row of r.rows) out.set(lower(row.email), row.nome || 'Equipe interna');
  return out;
}

/** The names of portal users by lower-case address (for the addresses given). */
export async function namesOf(db: Db, mails: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set([...mails].map(lower).filter(Boolean))];
  const out = new Map<string, string>();
  if (!list.length) return out;
  const r = await sql<{ email: string; nome: string | null }>`
    select email, nome from usuario where lower(email) in (${sql.join(list)})`.execute(db);
  for (const row of r.rows) if (row.nome) out.set(lower(row.email), row.nome);
  return out;
}

/** An author's address as an external reader receives it: theirs, else the person's name (or nothing). */
function authorFor(reader: Reader, names: Map<string, string>, value: unknown): unknown {
  if (!looksLikeMail(value) || isOwnMail(reader, value)) return value;
  return names.get(lower(value)) ?? null;
}

const AUTHORS = ['created_by', 'updated_by'] as const;

/**
 * Records as the reader receives them: unchanged for staff; for an external reader, people of the
 * staff with their name only and the authors by name (decision 29).
 */
export async function withoutStaffMails<T extends Record<string, unknown>>(db: Db, reader: Reader, schema: EntitySchema, rows: T[]): Promise<T[]> {
  if (!reader.client || !rows.length) return rows;
  const names = await namesOf(
    db,
    rows.flatMap((r) => AUTHORS.map((k) => r[k]).filter(looksLikeMail)),
  );
  const people = schema.fields.filter(holdsPeopleOrText);
  const staff = await staffNamesOf(db, typedAddresses(schema.fields, rows, new Set()));
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const f of people) if (f.name in out) out[f.name] = valueFor(reader, f, out[f.name], staff);
    for (const k of AUTHORS) if (k in out) out[k] = authorFor(reader, names, out[k]);
    return out as T;
  });
}

/** One record as the reader receives it (see `withoutStaffMails`). */
export async function withoutStaffMailsOne<T extends Record<string, unknown>>(db: Db, reader: Reader, schema: EntitySchema, row: T): Promise<T> {
  return (await withoutStaffMails(db, reader, schema, [row]))[0];
}

/**
 * History entries as an external reader receives them: the author by name, people in the changes by
 * name, and no transition comment but the reader's own (the team's comments, such as the reason for
 * returning an SGI record to its reporter, are internal; what the team writes for the partner goes
 * to a field the partner reads).
 */
export async function historyFor(db: Db, reader: Reader, schema: EntitySchema, entries: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  if (!reader.client || !entries.length) return entries;
  const names = await namesOf(db, entries.map((e) => e.user).filter(looksLikeMail));
  const byName = new Map(schema.fields.filter(holdsPeopleOrText).map((f) => [f.name, f]));
  const typed = new Set<string>();
  for (const e of entries) {
    const changes = e.changes && typeof e.changes === 'object' ? Object.values(e.changes as Record<string, { de?: unknown; para?: unknown }>) : [];
    const keys = e.changes && typeof e.changes === 'object' ? Object.keys(e.changes as object) : [];
    keys.forEach((k, i) => {
      const f = byName.get(k);
      if (f) typedAddresses([f], [{ [k]: changes[i]?.de }, { [k]: changes[i]?.para }], typed);
    });
  }
  const staff = await staffNamesOf(db, typed);
  return entries.map((e) => {
    const out: Record<string, unknown> = { ...e };
    const own = isOwnMail(reader, e.user);
    out.user = authorFor(reader, names, e.user);
    if ('comment' in out && !own) out.comment = null;
    const changes = e.changes && typeof e.changes === 'object' ? (e.changes as Record<string, { de: unknown; para: unknown }>) : undefined;
    if (changes) {
      out.changes = Object.fromEntries(
        Object.entries(changes).map(([k, c]) => {
          const f = byName.get(k);
          if (!f || !c || typeof c !== 'object') return [k, c];
          return [k, { de: valueFor(reader, f, c.de, staff), para: valueFor(reader, f, c.para, staff) }];
        }),
      );
    }
    return out;
  });
}

const PROBE = 'Você não pode filtrar, ordenar ou agrupar pelo e-mail de uma pessoa.';

/** Whether a path reads an address: a person's mail (`responsavel`, `responsavel.mail`) or an author. */
function isMailPath(field: FieldDef, sub: string | undefined): boolean {
  if (field.kind === 'person') return sub !== 'nome';
  return field.name === 'created_by' || field.name === 'updated_by';
}

/**
 * An external reader may not probe addresses: a filter on a person's mail or an author is refused
 * unless it only asks for the reader's own address; so is a sort or a grouping by one (403).
 */
export function refuseMailProbe(reader: Reader, schema: EntitySchema, p: ListParams, groupBy: { path: string; field: FieldDef; sub?: string }[] = []): void {
  if (!reader.client) return;
  const errors: Record<string, string[]> = Object.create(null);
  for (const c of p.conditions) {
    if (!isMailPath(c.field, c.sub)) continue;
    if (c.op === 'eq' && c.values.length && c.values.every((v) => isOwnMail(reader, v))) continue;
    (errors[c.path] ??= []).push(PROBE);
  }
  for (const s of p.sort) {
    const [head, sub] = s.path.split('.');
    const field = schema.fields.find((f) => f.name === head) ?? ({ name: head, kind: 'text', label: head } as FieldDef);
    if (isMailPath(field, sub)) (errors._sort ??= []).push(PROBE);
  }
  for (const k of groupBy) if (isMailPath(k.field, k.sub)) (errors.groupBy ??= []).push(PROBE);
  if (Object.keys(errors).length) throw new ApiError(403, PROBE, errors);
}

/** The schema a list searches with for this reader: an external reader's search never looks into addresses. */
export function searchableForReader(reader: Reader, schema: EntitySchema): EntitySchema {
  if (!reader.client) return schema;
  const people = schema.fields.filter((f) => f.kind === 'person' && f.search);
  if (!people.length) return schema;
  return { ...schema, fields: schema.fields.map((f) => (people.includes(f) ? { ...f, search: false } : f)) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * An external user's edit sends back what it was given: a staff person by name, a staff address
 * typed in free text as a name. Whatever comes back exactly as the user received it is restored to
 * the stored value (field by field, and row by row inside rows), so that it counts as unchanged.
 */
export async function restoreMasked(db: Db, reader: Reader, schema: EntitySchema, body: unknown, before: Record<string, unknown>): Promise<unknown> {
  if (!reader.client || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const seen = await withoutStaffMailsOne(db, reader, schema, before);
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const f of schema.fields) {
    if (!(f.name in out) || !holdsPeopleOrText(f)) continue;
    const sent = out[f.name];
    if (same(sent, seen[f.name])) out[f.name] = before[f.name];
    else if (f.kind === 'rows' && Array.isArray(sent) && Array.isArray(seen[f.name]) && Array.isArray(before[f.name])) {
      const shown = seen[f.name] as Record<string, unknown>[];
      const stored = before[f.name] as Record<string, unknown>[];
      out[f.name] = sent.map((row, i) => {
        if (!row || typeof row !== 'object' || !stored[i] || !shown[i]) return row;
        const r: Record<string, unknown> = { ...(row as Record<string, unknown>) };
        for (const sub of f.fields ?? []) {
          // What the user never received (an internal sub-field) keeps its stored value.
          if (sub.internal && !(sub.name in r)) r[sub.name] = stored[i][sub.name];
          else if (sub.name in r && same(r[sub.name], shown[i][sub.name])) r[sub.name] = stored[i][sub.name];
        }
        return r;
      });
    }
  }
  return out;
}
