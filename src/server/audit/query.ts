/**
 * The audit trail as one list (issue 35): the record history (`auditoria`) and the access events
 * (`evento_acesso`) merged, newest first, filtered by person, module, record, kind and period, in
 * one SQL round trip per page (the page, its total up to a cap, the people's names — a service
 * account's as "<nome> (conta de serviço)", issue 41). Each filter
 * is applied inside each branch on indexed columns (the kinds as the branch's own columns).
 */
import { subject } from '@casl/ability';
import { sql, type RawBuilder } from 'kysely';
import { SCHEMAS } from '../../../schemas';
import { ACCESS_KINDS, AUDIT_KIND_KEYS, RECORD_ACTIONS, type AuditEntry, type AuditKind } from '../../../resources/audit';
import type { AppAbility } from '../../access/ability';
import type { Db } from '../db/connect';
import { portalTz } from '../db/boss';
import { ApiError } from '../http/errors';
import type { FieldErrors } from '../crud/validate';
import { readActionOf } from '../crud/record-access';
import { epochDay } from '../dias-impraticaveis/period';
import { serviceAccountLabel } from '../../../resources/service-accounts';

export interface AuditFilters {
  pessoa?: string;
  modulo?: string;
  registro?: string;
  tipos?: AuditKind[];
  de?: string;
  ate?: string;
}

export type { AuditEntry };

/** The history's changes to a person's access (src/server/modules/entities/usuario.ts). */
const USERS_RESOURCE = 'usuarios';
const ACCESS_FIELDS = ['roles', 'obra', 'empresa', 'ativo'];
/** The total is counted up to this; past it the answer says "at least". */
export const COUNT_CAP = 10_000;

/** The query's filters, or 400 naming each wrong one. */
export function parseAuditFilters(q: (k: string) => string | undefined): AuditFilters {
  const errors: FieldErrors = {};
  const text = (k: string, max: number) => {
    const v = q(k)?.trim();
    if (!v) return undefined;
    if (v.length > max) errors[k] = [`No máximo ${max} caracteres.`];
    return v;
  };
  const out: AuditFilters = { pessoa: text('pessoa', 200)?.toLowerCase(), modulo: text('modulo', 100), registro: text('registro', 100) };
  const tipos = text('tipo', 300);
  if (tipos) {
    const list = [...new Set(tipos.split(',').map((t) => t.trim()))].filter(Boolean);
    const unknown = list.filter((t) => !AUDIT_KIND_KEYS.includes(t as AuditKind));
    if (unknown.length) errors.tipo = [`Tipo desconhecido: ${unknown.join(', ')}.`];
    else out.tipos = list as AuditKind[];
  }
  for (const k of ['de', 'ate'] as const) {
    const v = text(k, 10);
    if (v === undefined) continue;
    if (epochDay(v) === undefined) errors[k] = ['Use uma data válida no formato aaaa-mm-dd.'];
    else out[k] = v;
  }
  if (out.de && out.ate && out.de > out.ate) errors.ate = ['A data final deve ser igual ou posterior à inicial.'];
  if (Object.keys(errors).length) throw new ApiError(400, 'Filtros inválidos.', errors);
  return out;
}

/**
 * Modules whose entries the caller does not see: those whose records they do not all read (the
 * ethics channel for the controllership, decision 27) and those where some records hide their
 * author (anonymous ethics reports: their creation's author would name the reporter).
 */
export function hiddenModules(ability: AppAbility): string[] {
  return SCHEMAS.filter((s) => {
    const action = readActionOf(s);
    if (!ability.can(action as never, subject(s.subject, {}) as never)) return true;
    return ability.possibleRulesFor(action as never, s.subject as never).some((r) => r.inverted && (r.fields as string[] | undefined)?.includes('created_by'));
  }).map((s) => s.resource);
}

const or = (parts: RawBuilder<unknown>[]) => (parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);
const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

const accessChange = sql`(a.recurso = ${USERS_RESOURCE} and a.acao in ('create', 'update') and a.alteracoes ?| ${sql.raw(`array[${ACCESS_FIELDS.map((f) => `'${f}'`).join(', ')}]`)})`;

/** A record kind as a predicate on `auditoria a`. */
function recordKind(kind: AuditKind): RawBuilder<unknown> | undefined {
  if (kind === 'alteracao_acesso') return accessChange;
  const action = (RECORD_ACTIONS as Record<string, string>)[kind];
  if (!action) return undefined;
  return kind === 'criacao' || kind === 'alteracao' ? sql`(a.acao = ${action} and not ${accessChange})` : sql`a.acao = ${action}`;
}

/** The period's bounds on a timestamp column (days of the portal's time zone, both inclusive). */
function period(col: RawBuilder<unknown>, f: AuditFilters): RawBuilder<unknown>[] {
  const tz = portalTz();
  const out: RawBuilder<unknown>[] = [];
  if (f.de) out.push(sql`${col} >= (cast(${f.de} as date)::timestamp at time zone ${tz})`);
  if (f.ate) out.push(sql`${col} < ((cast(${f.ate} as date) + 1)::timestamp at time zone ${tz})`);
  return out;
}

/** The two branches' rows, filtered. */
function merged(f: AuditFilters, hidden: string[]): RawBuilder<unknown> {
  const kinds = f.tipos?.length ? f.tipos : undefined;
  const recordKinds = kinds ? kinds.map(recordKind).filter((x): x is RawBuilder<unknown> => !!x) : undefined;
  const accessKinds = kinds ? kinds.filter((k) => (ACCESS_KINDS as readonly string[]).includes(k)) : undefined;
  const hide = (col: RawBuilder<unknown>) => (hidden.length ? [sql`(${col} is null or ${col} not in (${sql.join(hidden)}))`] : []);

  const a: RawBuilder<unknown>[] = [...period(sql`a.em`, f), ...hide(sql`a.recurso`)];
  if (f.pessoa) a.push(sql`a.usuario = ${f.pessoa}`);
  if (f.modulo) a.push(sql`a.recurso = ${f.modulo}`);
  if (f.registro) a.push(/^\d{1,18}$/.test(f.registro) ? sql`a.registro_id = ${Number(f.registro)}` : sql`false`);
  if (recordKinds) a.push(or(recordKinds));

  const e: RawBuilder<unknown>[] = [...period(sql`e.em`, f), ...hide(sql`e.recurso`)];
  if (f.pessoa) e.push(sql`e.usuario = ${f.pessoa}`);
  if (f.modulo) e.push(sql`e.recurso = ${f.modulo}`);
  if (f.registro) e.push(sql`e.registro = ${f.registro}`);
  if (accessKinds) e.push(accessKinds.length ? sql`e.tipo in (${sql.join(accessKinds)})` : sql`false`);

  return sql`
    select 'h' || a.id as id, a.em,
      case a.acao
        when 'create' then case when ${accessChange} then 'alteracao_acesso' else 'criacao' end
        when 'update' then case when ${accessChange} then 'alteracao_acesso' else 'alteracao' end
        when 'delete' then 'exclusao' when 'transition' then 'transicao' when 'restore' then 'restauracao' when 'revert' then 'reversao'
        else a.acao end as tipo,
      a.usuario, a.ip, a.dispositivo, a.recurso, cast(a.registro_id as text) as registro, cast(null as text) as motivo,
      jsonb_strip_nulls(jsonb_build_object('alteracoes', a.alteracoes, 'transicao', a.transicao, 'comentario', a.comentario, 'emNomeDe', a.em_nome_de)) as detalhes,
      a.id_requisicao
    from auditoria a where ${and(a)}
    union all
    select 'a' || e.id, e.em, e.tipo, e.usuario, e.ip, e.dispositivo, e.recurso, e.registro, e.motivo, e.detalhes, e.id_requisicao
    from evento_acesso e where ${and(e)}`;
}

type Row = Omit<AuditEntry, 'em' | 'pessoa' | 'modulo' | 'requestId'> & {
  em: string | Date;
  usuario: string | null;
  recurso: string | null;
  id_requisicao: string | null;
  total: number | string;
};

const entryOf = (r: Row): AuditEntry => ({
  id: r.id,
  tipo: r.tipo,
  em: new Date(r.em).toISOString(),
  pessoa: r.usuario,
  nome: r.nome ?? null,
  ip: r.ip,
  dispositivo: r.dispositivo,
  modulo: r.recurso,
  registro: r.registro,
  motivo: r.motivo,
  detalhes: (typeof r.detalhes === 'string' ? JSON.parse(r.detalhes) : r.detalhes) ?? {},
  requestId: r.id_requisicao,
});

/** One page (`limit` rows from `offset`) and the total, counted up to `countCap`. */
export async function auditPage(
  db: Db,
  f: AuditFilters,
  hidden: string[],
  page: { offset: number; limit: number },
  countCap = COUNT_CAP,
): Promise<{ rows: AuditEntry[]; total: number; atLeast: boolean }> {
  const r = await sql<Row>`
    with f as (${merged(f, hidden)})
    select t.total, p.* from (select count(*) as total from (select 1 from f limit ${countCap + 1}) x) t
    left join lateral (
      select f.*, coalesce(u.nome, sa.nome || ${serviceAccountLabel('')}) as nome from f
      left join lateral (select nome from usuario where lower(email) = f.usuario order by id limit 1) u on true
      left join conta_servico sa on sa.email = f.usuario
      order by f.em desc, f.id desc limit ${page.limit} offset ${page.offset}
    ) p on true`.execute(db);
  const total = Math.min(Number(r.rows[0]?.total ?? 0), countCap);
  return { rows: r.rows.filter((x) => x.id !== null).map(entryOf), total, atLeast: Number(r.rows[0]?.total ?? 0) > countCap };
}
