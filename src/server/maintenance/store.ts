/**
 * The maintenance switch's state (issue 40): one row per scope in maintenance (`manutencao`: the
 * whole portal, a module or one screen of resources/maintenance.ts) with the administrators' message and the
 * expected end. Starting, changing and ending one is recorded in the history (`auditoria`, resource
 * `manutencao`) in the same transaction.
 *
 * Every server process keeps what is in force in memory and checks it on each write: the table is
 * one of the cached tables (src/server/events/notify-sql.ts), so a change by any process, or by hand
 * in SQL, sends `NOTIFY portal_cache` at commit and every process forgets its copy at once
 * (crud/write-events.ts); without the listener (tests, connection lost) a copy is trusted for 2 s.
 */
import { sql } from 'kysely';
import { MAINTENANCE_SCOPES, PORTAL_SCOPE, scopeLabel, scopeOrder, type ActiveMaintenance } from '../../../resources/maintenance';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import type { FieldErrors } from '../crud/validate';
import { cacheTtl, onTableWritten, tableWritten } from '../crud/write-events';
import { formatDateTimeBr } from '../time';

/** "28/11/2026 18:00" in the portal's time zone. */
export const when = (d: Date) => formatDateTimeBr(d).replace(', ', ' ');

/** "Diários de obra em manutenção (previsão de término: 28/11/2026 18:00). <message>" */
export function maintenanceMessage(m: ActiveMaintenance): string {
  const what = m.escopo === PORTAL_SCOPE ? 'O portal está' : m.rotulo;
  return `${what} em manutenção (previsão de término: ${when(new Date(m.fimPrevisto))}). ${m.mensagem}`;
}

export const MAINTENANCE_TABLE = 'manutencao';
/** The history's resource name of the switch's changes. */
export const MAINTENANCE_RESOURCE = 'manutencao';

export const MAINTENANCE_CORE_SQL = [
  `CREATE TABLE IF NOT EXISTS manutencao (
     escopo text primary key,
     mensagem text not null,
     fim_previsto timestamptz not null,
     inicio timestamptz not null default now(),
     por text not null)`,
];

/** How long the message may be. */
export const MESSAGE_MAX = 500;
/** How far ahead the expected end may be. */
export const MAX_DAYS_AHEAD = 30;

interface Cached {
  at: number;
  generation: number;
  active: ActiveMaintenance[];
}

const caches = new WeakMap<Db, Cached>();
let generation = 0;
onTableWritten((table) => {
  if (table === MAINTENANCE_TABLE) generation++;
});

/** Without notices, another process's change is seen within this. */
const TTL_MS = 2000;
/** While other processes' changes are heard (a safety net only). */
const TTL_HEARD_MS = 60_000;

interface Row {
  escopo: string;
  mensagem: string;
  fim_previsto: Date | string;
  inicio: Date | string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

function toActive(r: Row): ActiveMaintenance {
  return { escopo: r.escopo, rotulo: scopeLabel(r.escopo) ?? r.escopo, mensagem: r.mensagem, fimPrevisto: iso(r.fim_previsto), inicio: iso(r.inicio) };
}

/** What is in maintenance now, in the order of the scopes (cached; at most one query per period). */
export async function activeMaintenance(db: Db): Promise<ActiveMaintenance[]> {
  const seen = caches.get(db);
  const now = performance.now();
  if (seen && seen.generation === generation && now - seen.at < cacheTtl(TTL_MS, TTL_HEARD_MS)) return seen.active;
  const started = generation;
  const r = await sql<Row>`select escopo, mensagem, fim_previsto, inicio from manutencao`.execute(db);
  const active = r.rows
    .filter((x) => scopeLabel(x.escopo))
    .map(toActive)
    .sort((a, b) => scopeOrder(a.escopo) - scopeOrder(b.escopo) || a.rotulo.localeCompare(b.rotulo, 'pt-BR'));
  // A notice that came during the query leaves the copy stale: keep it only for this answer.
  if (started === generation) caches.set(db, { at: now, generation, active });
  return active;
}

export interface MaintenanceInput {
  mensagem: string;
  fimPrevisto: Date;
}

/** A PUT body, or 400 with a pt-BR message per field and nothing changed. */
export function parseMaintenance(body: unknown, now: Date = new Date()): MaintenanceInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  const b = body as Record<string, unknown>;
  const errors: FieldErrors = Object.create(null);
  for (const key of Object.keys(b)) if (key !== 'mensagem' && key !== 'fimPrevisto') errors[key] = ['Campo desconhecido.'];
  const mensagem = typeof b.mensagem === 'string' ? b.mensagem.trim() : '';
  if (b.mensagem !== undefined && typeof b.mensagem !== 'string') errors.mensagem = ['Informe a mensagem como texto.'];
  else if (!mensagem) errors.mensagem = ['Informe a mensagem que as pessoas verão durante a manutenção.'];
  else if (mensagem.length > MESSAGE_MAX) errors.mensagem = [`A mensagem pode ter até ${MESSAGE_MAX} caracteres.`];
  let fim: Date | undefined;
  if (b.fimPrevisto === undefined || b.fimPrevisto === null || b.fimPrevisto === '') errors.fimPrevisto = ['Informe a previsão de término.'];
  else if (typeof b.fimPrevisto !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(b.fimPrevisto) || Number.isNaN(Date.parse(b.fimPrevisto)))
    errors.fimPrevisto = ['Informe a previsão de término como data e hora (aaaa-mm-ddThh:mm, com o fuso).'];
  else {
    fim = new Date(b.fimPrevisto);
    if (fim.getTime() <= now.getTime()) errors.fimPrevisto = [`A previsão de término (${when(fim)}) já passou: informe uma data e hora futuras.`];
    else if (fim.getTime() > now.getTime() + MAX_DAYS_AHEAD * 86_400_000)
      errors.fimPrevisto = [`A previsão de término pode ser de até ${MAX_DAYS_AHEAD} dias a partir de agora.`];
  }
  if (Object.keys(errors).length) throw new ApiError(400, 'Manutenção não alterada. Verifique os campos.', { ...errors });
  return { mensagem, fimPrevisto: fim! };
}

/**
 * The history's record number of a scope: the portal 1, then the modules in order; a screen a
 * number from 1,000 up derived from its key alone, so it stays the same when entities are added.
 */
function recordIdOf(escopo: string): number {
  const i = MAINTENANCE_SCOPES.findIndex((s) => s.escopo === escopo);
  if (i >= 0) return i + 1;
  let h = 0;
  for (const ch of escopo) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 1_000_000_007;
  return 1000 + h;
}

function known(escopo: string): string {
  const rotulo = scopeLabel(escopo);
  if (!rotulo)
    throw new ApiError(
      404,
      `Escopo desconhecido: "${escopo}". Use "portal", um dos módulos ou uma das telas ("tela:contratos"…) listados em GET /api/v1/manutencao.`,
    );
  return rotulo;
}

async function audit(trx: Db, escopo: string, acao: 'create' | 'update' | 'delete', by: string, changes: Record<string, unknown>): Promise<void> {
  await sql`insert into auditoria (recurso, registro_id, acao, usuario, alteracoes)
    values (${MAINTENANCE_RESOURCE}, ${recordIdOf(escopo)}, ${acao}, ${by}, cast(${JSON.stringify(changes)} as jsonb))`.execute(trx);
}

/** Puts a scope in maintenance (or changes its message and end), recorded in the history. */
export async function startMaintenance(db: Db, escopo: string, input: MaintenanceInput, by: string): Promise<ActiveMaintenance> {
  known(escopo);
  const row = await db.transaction().execute(async (trx) => {
    const before = (await sql<Row>`select escopo, mensagem, fim_previsto, inicio from manutencao where escopo = ${escopo} for update`.execute(trx)).rows[0];
    const r = await sql<Row>`insert into manutencao (escopo, mensagem, fim_previsto, inicio, por)
      values (${escopo}, ${input.mensagem}, ${input.fimPrevisto.toISOString()}, now(), ${by})
      on conflict (escopo) do update set mensagem = excluded.mensagem, fim_previsto = excluded.fim_previsto, por = excluded.por
      returning escopo, mensagem, fim_previsto, inicio`.execute(trx);
    const after = r.rows[0];
    const changes: Record<string, { de: unknown; para: unknown }> = {};
    if (before?.mensagem !== after.mensagem) changes.mensagem = { de: before?.mensagem ?? null, para: after.mensagem };
    if (!before || iso(before.fim_previsto) !== iso(after.fim_previsto))
      changes.fimPrevisto = { de: before ? iso(before.fim_previsto) : null, para: iso(after.fim_previsto) };
    if (Object.keys(changes).length) await audit(trx, escopo, before ? 'update' : 'create', by, { escopo, ...changes });
    return after;
  });
  tableWritten(MAINTENANCE_TABLE); // this process at once (the others through the database's notice)
  return toActive(row);
}

/** Ends a scope's maintenance, recorded in the history; 404 when it was not in maintenance. */
export async function endMaintenance(db: Db, escopo: string, by: string): Promise<void> {
  const rotulo = known(escopo);
  await db.transaction().execute(async (trx) => {
    const r = await sql<Row>`delete from manutencao where escopo = ${escopo} returning escopo, mensagem, fim_previsto, inicio`.execute(trx);
    const gone = r.rows[0];
    if (!gone) throw new ApiError(404, `${rotulo} não está em manutenção.`);
    await audit(trx, escopo, 'delete', by, { escopo, mensagem: { de: gone.mensagem, para: null }, fimPrevisto: { de: iso(gone.fim_previsto), para: null } });
  });
  tableWritten(MAINTENANCE_TABLE);
}
