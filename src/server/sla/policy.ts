/**
 * SLA policies: the declaration in the schema (`sla`, schemas/sla-types.ts), replaced at run time
 * by the entity's administrators (table `sla_politica`, append-only, one row per version), their
 * validation (pt-BR messages per key, nothing stored on error) and the choice of the policy that
 * applies to a record.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { SlaDecl, SlaPolicy, SlaTarget } from '../../../schemas/sla-types';
import { SLA_FIELD_NAMES } from '../../../schemas/shared/sla';
import { ROLE_CODES } from '../../access/roles';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';

export const SLA_CORE_SQL: string[] = [
  `CREATE TABLE IF NOT EXISTS sla_politica (
     recurso text not null, versao integer not null, politica jsonb not null,
     alterado_por text, alterado_em timestamptz not null default now(),
     primary key (recurso, versao))`,
  // One row per event sent (reminder, breach, escalation) and deadline: the claim that makes each
  // one happen once whatever the number of server processes (src/server/sla/jobs.ts).
  `CREATE TABLE IF NOT EXISTS sla_evento (
     recurso text not null, registro_id bigint not null, meta text not null, tipo text not null,
     prazo timestamptz not null, em timestamptz not null default now(),
     primary key (recurso, registro_id, meta, tipo, prazo))`,
];

export interface EffectiveSla {
  decl: SlaDecl;
  /** 0: the schema's declaration; n: the administrators' n-th version. */
  version: number;
}

/** The policies in force for a schema: the latest stored version, else the schema's own; null without `sla`. */
export async function effectiveSla(db: Db, schema: EntitySchema): Promise<EffectiveSla | null> {
  if (!schema.sla) return null;
  const r = await sql<{ versao: number; politica: SlaDecl }>`
    select versao, politica from sla_politica where recurso = ${schema.resource} order by versao desc limit 1`.execute(db);
  const row = r.rows[0];
  if (!row) return { decl: schema.sla, version: 0 };
  const stored = typeof row.politica === 'string' ? (JSON.parse(row.politica) as SlaDecl) : row.politica;
  return { decl: stored, version: Number(row.versao) };
}

/** A value of the record as conditions compare it (a person by e-mail, anything else as text). */
function conditionValue(v: unknown): string {
  if (v && typeof v === 'object' && 'mail' in v) return String((v as { mail: unknown }).mail).toLowerCase();
  return v === null || v === undefined ? '' : String(v);
}

/** The first policy whose conditions all hold for the record. */
export function policyFor(decl: SlaDecl, row: Record<string, unknown>): SlaPolicy | undefined {
  return decl.policies.find((p) =>
    Object.entries(p.when ?? {}).every(([field, want]) => (Array.isArray(want) ? want : [want]).includes(conditionValue(row[field]))),
  );
}

// ---------------------------------------------------------------------------------------------
// Validation

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const KEY = /^[a-z0-9][a-z0-9-]{0,59}$/;
const CONDITION_KINDS = new Set(['enum', 'text', 'reference', 'boolean', 'integer', 'person', 'email']);

export type SlaErrors = Record<string, string[]>;

/**
 * Checks a declaration against the schema: conditions on known fields (and, for a list of options,
 * known values), positive targets, pause and fulfil states of the workflow, known roles. Returns
 * the cleaned declaration or the errors (keys like `policies.0.targets.1.amount`).
 */
export function validateSlaDecl(schema: EntitySchema, input: unknown): { decl?: SlaDecl; errors: SlaErrors } {
  const errors: SlaErrors = {};
  const add = (k: string, m: string) => (errors[k] ??= []).push(m);
  if (!isObj(input)) return { errors: { _: ['Envie a política de SLA como um objeto.'] } };
  const wf = schema.workflow;
  const states = new Set(wf?.states.map((s) => s.value) ?? []);
  const stateNames = () => (wf ? wf.states.map((s) => s.label ?? s.value).join(', ') : 'nenhuma');
  const checkStates = (key: string, v: unknown): string[] | undefined => {
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
      add(key, 'Informe uma lista de situações.');
      return undefined;
    }
    const unknown = (v as string[]).filter((x) => !states.has(x));
    if (unknown.length)
      add(key, `Situação inexistente: ${unknown.join(', ')}. Situações d${schema.gender === 'f' ? 'a' : 'o'} ${schema.label.toLowerCase()}: ${stateNames()}.`);
    return v as string[];
  };
  const fieldOf = (name: string) => schema.fields.find((f) => f.name === name);

  const out: SlaDecl = { policies: [] };
  if (input.startField !== undefined && input.startField !== null) {
    const f = typeof input.startField === 'string' ? fieldOf(input.startField) : undefined;
    if (!f || (f.kind !== 'datetime' && f.kind !== 'date')) add('startField', 'O início do relógio deve ser um campo de data ou data e hora desta entidade.');
    else out.startField = f.name;
  }
  const pauseIn = checkStates('pauseIn', input.pauseIn);
  if (pauseIn?.length) out.pauseIn = pauseIn;
  if (input.reminderPercent !== undefined && input.reminderPercent !== null) {
    const p = input.reminderPercent;
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p > 99) add('reminderPercent', 'O lembrete é uma porcentagem inteira do prazo, de 0 a 99.');
    else out.reminderPercent = p;
  }
  if (input.escalateTo !== undefined && input.escalateTo !== null) {
    const e = input.escalateTo;
    if (!isObj(e) || !Array.isArray(e.roles) || e.roles.some((r) => typeof r !== 'string'))
      add('escalateTo.roles', 'Informe a lista de perfis que recebem o escalonamento.');
    else {
      const unknown = (e.roles as string[]).filter((r) => !(ROLE_CODES as readonly string[]).includes(r));
      if (unknown.length) add('escalateTo.roles', `Perfil inexistente: ${unknown.join(', ')}.`);
      out.escalateTo = { roles: e.roles as string[] };
    }
    if (isObj(e) && e.manager !== undefined && e.manager !== null) {
      if (typeof e.manager !== 'boolean') add('escalateTo.manager', 'Informe sim ou não para escalonar ao gestor de quem tem o registro.');
      else if (e.manager && out.escalateTo) out.escalateTo.manager = true;
    }
  }
  if (!Array.isArray(input.policies) || !input.policies.length) {
    add('policies', 'Declare ao menos uma política.');
    return { errors };
  }
  input.policies.forEach((p: unknown, i: number) => {
    const k = `policies.${i}`;
    if (!isObj(p)) return add(k, 'Política inválida.');
    const name = typeof p.name === 'string' ? p.name.trim() : '';
    if (!name || name.length > 120) add(`${k}.name`, 'Dê um nome à política (até 120 caracteres).');
    const policy: SlaPolicy = { name, targets: [] };
    if (p.when !== undefined && p.when !== null) {
      if (!isObj(p.when)) add(`${k}.when`, 'As condições são pares campo → valor.');
      else {
        const when: Record<string, string | string[]> = {};
        for (const [field, want] of Object.entries(p.when)) {
          const f = fieldOf(field);
          if (!f || (SLA_FIELD_NAMES as readonly string[]).includes(field) || !CONDITION_KINDS.has(f.kind)) {
            add(`${k}.when.${field}`, `Campo desconhecido ou que não serve de condição: "${field}".`);
            continue;
          }
          const values = Array.isArray(want) ? want : [want];
          if (!values.length || values.some((v) => typeof v !== 'string' || !v)) {
            add(`${k}.when.${field}`, `Informe o valor (ou os valores) de "${f.label}".`);
            continue;
          }
          const bad = f.options ? (values as string[]).filter((v) => !f.options!.includes(v)) : [];
          if (bad.length) add(`${k}.when.${field}`, `Valor inexistente em "${f.label}": ${bad.join(', ')}. Opções: ${f.options!.join(', ')}.`);
          when[field] = want as string | string[];
        }
        if (Object.keys(when).length) policy.when = when;
      }
    }
    if (!Array.isArray(p.targets) || !p.targets.length) add(`${k}.targets`, 'Declare ao menos uma meta.');
    else {
      const keys = new Set<string>();
      p.targets.forEach((t: unknown, j: number) => {
        const target = validateTarget(schema, t, `${k}.targets.${j}`, add, checkStates);
        if (!target) return;
        if (keys.has(target.key)) add(`${k}.targets.${j}.key`, `Meta repetida: "${target.label || target.key}".`);
        keys.add(target.key);
        policy.targets.push(target);
      });
    }
    out.policies.push(policy);
  });
  return Object.keys(errors).length ? { errors } : { decl: out, errors };
}

function validateTarget(
  schema: EntitySchema,
  t: unknown,
  k: string,
  add: (k: string, m: string) => void,
  checkStates: (key: string, v: unknown) => string[] | undefined,
): SlaTarget | undefined {
  if (!isObj(t)) {
    add(k, 'Meta inválida.');
    return undefined;
  }
  const key = typeof t.key === 'string' ? t.key : '';
  if (!KEY.test(key)) add(`${k}.key`, 'A chave da meta usa letras minúsculas, números e hífens.');
  const label = typeof t.label === 'string' ? t.label.trim() : '';
  if (!label || label.length > 120) add(`${k}.label`, 'Dê um nome à meta (até 120 caracteres).');
  const kind = t.kind;
  if (kind !== 'primeira-resposta' && kind !== 'resolucao' && kind !== 'estado') {
    add(`${k}.kind`, 'O tipo da meta é primeira resposta, resolução ou etapa (estado).');
    return undefined;
  }
  if (!schema.workflow) add(`${k}.kind`, `${schema.labelPlural} não têm fluxo de situações.`);
  const target: SlaTarget = { key, label, kind };
  const from = checkStates(`${k}.from`, t.from);
  if (kind === 'estado' && !from?.length) add(`${k}.from`, 'Informe as situações em que o relógio da etapa corre.');
  if (from?.length) target.from = from;
  const fulfilIn = checkStates(`${k}.fulfilIn`, t.fulfilIn);
  if (kind === 'resolucao' && !fulfilIn?.length) add(`${k}.fulfilIn`, 'Informe as situações que cumprem a resolução.');
  if (fulfilIn?.length) target.fulfilIn = fulfilIn;
  if (t.doneAtField !== undefined && t.doneAtField !== null) {
    const f = typeof t.doneAtField === 'string' ? schema.fields.find((x) => x.name === t.doneAtField) : undefined;
    if (!f || f.kind !== 'datetime') add(`${k}.doneAtField`, 'A conclusão deve vir de um campo de data e hora desta entidade.');
    else target.doneAtField = f.name;
  }
  if (t.dueField !== undefined && t.dueField !== null) {
    const f = typeof t.dueField === 'string' ? schema.fields.find((x) => x.name === t.dueField) : undefined;
    if (!f || f.kind !== 'date') add(`${k}.dueField`, 'O prazo deve vir de um campo de data desta entidade.');
    else target.dueField = f.name;
  } else {
    const amount = t.amount;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) add(`${k}.amount`, 'O prazo deve ser um número maior que zero.');
    else if (amount > 10_000) add(`${k}.amount`, 'Prazo longo demais (no máximo 10.000).');
    else if (t.unit === 'dias' && !Number.isInteger(amount)) add(`${k}.amount`, 'Em dias úteis, informe um número inteiro.');
    else target.amount = amount;
    if (t.unit !== 'horas' && t.unit !== 'dias') add(`${k}.unit`, 'A unidade é horas úteis ou dias úteis.');
    else target.unit = t.unit;
  }
  return target;
}

/** The error body's message: the first error, prefixed. */
export function firstError(errors: SlaErrors): string {
  const first = Object.values(errors)[0]?.[0];
  return first ? `Política de SLA recusada: ${first}` : 'Política de SLA recusada.';
}

/** Validates and stores a new version (409 when `expectedVersion` is not the current one). */
export async function storeSla(
  db: Db,
  schema: EntitySchema,
  input: unknown,
  by: string,
  expectedVersion: number | undefined,
  /** Run in the same transaction once stored (the open records' deadlines are recomputed). */
  after?: (trx: Db) => Promise<unknown>,
): Promise<EffectiveSla> {
  if (!schema.sla) throw new ApiError(404, `${schema.labelPlural} não têm SLA.`);
  const { decl, errors } = validateSlaDecl(schema, input);
  if (!decl) throw new ApiError(400, firstError(errors), errors);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`sla_politica:${schema.resource}`}))`.execute(trx);
    const cur = await effectiveSla(trx, schema);
    const version = cur?.version ?? 0;
    if (expectedVersion !== undefined && expectedVersion !== version) {
      throw new ApiError(409, `A política de SLA de ${schema.labelPlural} foi alterada por outra pessoa (versão ${version}). Recarregue e tente de novo.`, {
        version: [`Versão atual: ${version}.`],
      });
    }
    await sql`insert into sla_politica (recurso, versao, politica, alterado_por)
      values (${schema.resource}, ${version + 1}, cast(${JSON.stringify(decl)} as jsonb), ${by})`.execute(trx);
    if (after) await after(trx);
    return { decl, version: version + 1 };
  });
}
