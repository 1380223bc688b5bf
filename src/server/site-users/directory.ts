/**
 * The portal's directory of people (table `usuario`, schema `usuario`) as the site-people screen
 * keeps it, and the rule that makes its changes count at once:
 *
 * A row the screen has written carries `acessoDefinidoEm`. From then on the row's `obra` and
 * `roles` are what the API uses for that person, in place of the ID token's `custom:obra` and
 * `custom:roles`, from their next request on (a lookup by e-mail on the unique index of
 * `usuario.email`, remembered for a while: a write by any process forgets it at once in every
 * process, through the database's notice (crud/write-events.ts); ACCESS_TTL_MS bounds it otherwise). The pool's attributes are written in step, so new tokens say the same;
 * the row only has to win while an older token lives (up to an hour) and for staff, whose pool
 * attributes a corporate sign-in may overwrite. The row never changes the person's kind: a client
 * stays a client (`cliente` kept), staff never become clients.
 */
import { sql } from 'kysely';
import { usuario as usuarioSchema } from '../../../schemas/usuario';
import type { Db } from '../db/connect';
import { diffRecords, writeAudit } from '../crud/audit';
import { externalKindOf, isClientUser, type PortalUser } from '../../access/user';
import { cacheTtl, onTableWritten } from '../crud/write-events';

export interface DirectoryRow {
  id: number;
  email: string;
  nome: string | null;
  tipo: string | null;
  ativo: boolean | null;
  empresa: string[];
  obra: string[];
  roles: string[];
  /** Set when this screen wrote the row: its `obra` and `roles` are then the person's access. */
  acessoDefinidoEm: string | null;
}

const list = (v: unknown): string[] => {
  let x = v;
  if (typeof x === 'string') {
    try {
      x = JSON.parse(x);
    } catch {
      return [];
    }
  }
  return Array.isArray(x) ? [...new Set(x.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim()))] : [];
};

function toRow(r: Record<string, unknown>): DirectoryRow {
  return {
    id: Number(r.id),
    email: String(r.email ?? '').toLowerCase(),
    nome: (r.nome as string | null) ?? null,
    tipo: (r.tipo as string | null) ?? null,
    ativo: (r.ativo as boolean | null) ?? null,
    empresa: list(r.empresa),
    obra: list(r.obra),
    roles: list(r.roles),
    acessoDefinidoEm: r.acessoDefinidoEm ? new Date(r.acessoDefinidoEm as string).toISOString() : null,
  };
}

const COLUMNS = sql`id, email, nome, tipo, ativo, empresa, obra, roles, "acessoDefinidoEm"`;

/** The row of an e-mail, locked until the end of the transaction when `lock`. */
export async function directoryRow(db: Db, email: string, opts: { lock?: boolean } = {}): Promise<DirectoryRow | undefined> {
  const r = await sql<
    Record<string, unknown>
  >`select ${COLUMNS} from usuario where email = ${email.toLowerCase()} ${opts.lock ? sql`for update` : sql``}`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : undefined;
}

/** Rows naming the site, and rows of the given e-mails. */
export async function directoryRowsFor(db: Db, obra: string, emails: string[]): Promise<DirectoryRow[]> {
  const byEmail = emails.length ? sql`or email in (${sql.join(emails.map((e) => e.toLowerCase()))})` : sql``;
  const r = await sql<Record<string, unknown>>`select ${COLUMNS} from usuario where obra ? ${obra} ${byEmail}`.execute(db);
  return r.rows.map(toRow);
}

export interface DirectoryWrite {
  email: string;
  nome: string;
  tipo: string;
  empresa: string[];
  obra: string[];
  roles: string[];
}

/**
 * Creates or updates the row of a person with the access this screen decided, marks it
 * (`acessoDefinidoEm`) and records the change in the history of the record.
 */
export async function writeDirectoryRow(trx: Db, before: DirectoryRow | undefined, w: DirectoryWrite, actorEmail: string): Promise<DirectoryRow> {
  const json = (v: string[]) => sql`cast(${JSON.stringify(v)} as jsonb)`;
  let r;
  if (before) {
    r = await sql<Record<string, unknown>>`
      update usuario set nome = ${w.nome}, tipo = ${w.tipo}, empresa = ${json(w.empresa)}, obra = ${json(w.obra)}, roles = ${json(w.roles)},
        "acessoDefinidoEm" = now(), version = version + 1, updated_at = now(), updated_by = ${actorEmail}
      where id = ${before.id} returning ${COLUMNS}`.execute(trx);
  } else {
    r = await sql<Record<string, unknown>>`
      insert into usuario (email, nome, tipo, ativo, empresa, obra, roles, specific_rules, "acessoDefinidoEm", created_by, updated_by)
      values (${w.email.toLowerCase()}, ${w.nome}, ${w.tipo}, true, ${json(w.empresa)}, ${json(w.obra)}, ${json(w.roles)}, null, now(), ${actorEmail}, ${actorEmail})
      returning ${COLUMNS}`.execute(trx);
  }
  const after = toRow(r.rows[0]);
  forgetDirectoryAccess();
  const shape = (x: DirectoryRow | undefined) => (x ? { email: x.email, nome: x.nome, tipo: x.tipo, empresa: x.empresa, obra: x.obra, roles: x.roles } : {});
  const changes = diffRecords(usuarioSchema, shape(before), shape(after));
  if (Object.keys(changes).length) await writeAudit(trx, usuarioSchema, after.id, before ? 'update' : 'create', actorEmail, changes);
  return after;
}

/** The roles `user` keeps from a directory row: never a change of kind (docs/access.md decisions 1 and 28). */
function sameKindRoles(user: PortalUser, roles: string[]): string[] {
  const rest = roles.filter((r) => r !== 'cliente');
  return isClientUser(user) ? ['cliente', ...rest] : rest;
}

/**
 * Each request needs the directory's word on its user; asking the database every time was one of
 * the two or three round trips of a read. Entries live ACCESS_TTL_MS per database and e-mail (2 s
 * when other processes' writes are not heard, so a change reaches every process within the 5 s
 * issue 35 asks); a lookup that began before a write (`generation`) is not kept.
 */
const ACCESS_TTL_MS = 2000;
/** The time limit while other processes' writes are heard (a safety net only). */
const ACCESS_TTL_HEARD_MS = 60_000;
const ACCESS_CACHE_MAX = 5000;
/** What the directory says of a person: out (`ativo` false), or the access its screen defined, or nothing. */
type DirectoryAccess = { ativo: false } | { ativo: true; obra: string[]; roles: string[]; empresa: string[] } | null;
const accessCaches = new WeakMap<Db, Map<string, { at: number; access: DirectoryAccess }>>();
let generation = 0;

/** Forget every remembered access (after a write to `usuario`). */
export function forgetDirectoryAccess(): void {
  generation++;
}
onTableWritten((table) => table === 'usuario' && forgetDirectoryAccess());

async function directoryAccess(db: Db, email: string): Promise<DirectoryAccess> {
  let cache = accessCaches.get(db);
  if (!cache) accessCaches.set(db, (cache = new Map()));
  const key = `${generation}:${email}`;
  const hit = cache.get(key);
  if (hit && performance.now() - hit.at < cacheTtl(ACCESS_TTL_MS, ACCESS_TTL_HEARD_MS)) return hit.access;
  const started = generation;
  const r = await sql<{ ativo: boolean | null; obra: unknown; roles: unknown; empresa: unknown; definido: boolean }>`
    select ativo, obra, roles, empresa, "acessoDefinidoEm" is not null as definido from usuario where email = ${email}`.execute(db);
  const row = r.rows[0];
  const access: DirectoryAccess = !row
    ? null
    : row.ativo === false
      ? { ativo: false }
      : row.definido
        ? { ativo: true, obra: list(row.obra), roles: list(row.roles), empresa: list(row.empresa) }
        : null;
  if (started === generation) {
    if (cache.size >= ACCESS_CACHE_MAX) cache.clear();
    cache.set(key, { at: performance.now(), access });
  }
  return access;
}

/** The 401 of a person the directory marks inactive (issue 35): the app signs them out with this sentence. */
export const ACCESS_REVOKED = {
  codigo: 'acesso-revogado',
  message: 'Seu acesso ao portal foi desativado por um administrador. Se isso for um engano, fale com o administrador do portal.',
} as const;

/**
 * The signed-in user with the access the directory gives them, when this screen (or an
 * administrator's edit of the record) defined it; otherwise the user unchanged; `null` when the
 * directory marks the person inactive: their token no longer opens the API, from the next request
 * on, in every process (the notice of the write reaches each one).
 */
export async function withDirectoryAccess(db: Db, user: PortalUser): Promise<PortalUser | null> {
  if (!user.email) return user;
  const access = await directoryAccess(db, user.email.toLowerCase());
  if (!access) return user;
  if (!access.ativo) return null;
  // A partner's companies are its access (decision 28/29); staff keep the company their sign-in gives.
  const empresa = externalKindOf(user) ? access.empresa : user.empresa;
  return { ...user, obra: access.obra, roles: sameKindRoles(user, access.roles), empresa };
}
