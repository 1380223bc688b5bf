/**
 * Who holds a record in each state of its workflow ("ball in court", issue 25): the person fields
 * the state names (`assignees`) or, when none of them is filled, the users of its `roleInbox`
 * roles. A step into a state held only by person fields must leave one of them filled: the
 * schema requires it, the step `requires` it, sets it to the actor, or `asks` for it in its dialog
 * (`values: { campo: valor }` in the body, validated like the field and written with the step).
 * The static check over every declared workflow is `ownershipProblems` (src/server/workflow/ownership.test.ts).
 */
import { sql } from 'kysely';
import type { EntitySchema, FieldDef, Workflow, WorkflowState, WorkflowTransition } from '../../../schemas/kinds';
import { isEmptyValue } from '../../../schemas/messages';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { validateBody } from '../crud/validate';
import { describeAsks, stateOf } from './definition';

/** Who may hold a record in the state: its person fields and its inbox roles. */
export function holdersOf(wf: Workflow, state: WorkflowState): { fields: string[]; roles: string[] } {
  return { fields: state.assignees ?? [], roles: wf.roleInbox?.[state.value] ?? [] };
}

/**
 * A state waits for someone when it is not final and a forward step leaves it (an inbox
 * transition) or work is done in it (`inbox`). A state left only by returns and cancellations
 * (a contract "Aprovado", a document "Liberado para construção") is at rest: nobody holds it.
 */
export function awaitsSomeone(wf: Workflow, state: WorkflowState): boolean {
  if (state.final) return false;
  return !!state.inbox || wf.transitions.some((t) => t.inbox !== false && t.from.includes(state.value));
}

/** The fields a step asks for in its dialog (declared `asks`), as the schema defines them. */
export function askedFields(schema: EntitySchema, t: WorkflowTransition): FieldDef[] {
  return (t.asks ?? []).map((name) => schema.fields.find((f) => f.name === name)).filter((f): f is FieldDef => !!f);
}

const labelOf = (schema: EntitySchema, name: string) => schema.fields.find((f) => f.name === name)?.label ?? name;

/** Errors of an asked field's sub-paths (`responsavel.mail`) are the field's own in the dialog. */
function foldErrors(errors: Record<string, string[]>, asked: FieldDef[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const top = asked.find((f) => path === f.name || path.startsWith(`${f.name}.`))?.name ?? path;
    out[top] = [...(out[top] ?? []), ...messages.filter((m) => !out[top]?.includes(m))];
  }
  return out;
}

/**
 * The values a step asks for, read from the body's `values`: each asked field is required (unless
 * the record already holds a value and the body does not change it) and validated like the field
 * (src/server/crud/validate.ts); a person must be an active user of the portal holding one of the
 * field's `personRoles` (the name is taken from the directory when not sent). Anything else in
 * `values` is refused. Throws a 400 with per-field pt-BR messages.
 */
export async function readAskedValues(
  trx: Db,
  schema: EntitySchema,
  t: WorkflowTransition,
  raw: unknown,
  before: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    throw new ApiError(400, 'Os valores da ação devem ser um objeto JSON.', { values: ['Formato inválido.'] });
  }
  const sent = (raw ?? {}) as Record<string, unknown>;
  const extra = Object.keys(sent).filter((k) => !(t.asks ?? []).includes(k));
  if (extra.length) {
    throw new ApiError(400, `Valor não previsto em "${t.label}".`, Object.fromEntries(extra.map((k) => [k, ['Campo desconhecido.']])));
  }
  // The asked fields to read now: those sent, and those the record does not hold yet (required).
  const fields = describeAsks(schema, t).filter((f) => Object.hasOwn(sent, f.name) || isEmptyValue(before[f.name]));
  if (!fields.length) return {};
  const { values, errors } = validateBody({ ...schema, fields }, sent);
  for (const f of fields) {
    const v = values[f.name] as { mail?: string; nome?: string } | null | undefined;
    if (f.kind !== 'person' || errors[f.name] || errors[`${f.name}.mail`] || !v?.mail) continue;
    const who = await portalUser(trx, v.mail);
    if (!who) errors[f.name] = ['Escolha uma pessoa cadastrada e ativa no portal.'];
    else if (f.personRoles?.length && !f.personRoles.some((r) => who.roles.includes(r)))
      errors[f.name] = ['Esta pessoa não tem um perfil que possa assumir esta responsabilidade.'];
    else {
      const nome = v.nome ?? who.nome;
      values[f.name] = nome ? { mail: who.email, nome } : { mail: who.email };
    }
  }
  const folded = foldErrors(errors, fields);
  if (Object.keys(folded).length) {
    const names = Object.keys(folded).map((n) => labelOf(schema, n));
    throw new ApiError(400, `Verifique antes de "${t.label}": ${names.join(', ')}.`, folded);
  }
  return values;
}

async function portalUser(trx: Db, mail: string): Promise<{ email: string; nome: string | null; roles: string[] } | undefined> {
  const r = await sql<{ email: string; nome: string | null; roles: unknown }>`
    select email, nome, roles from usuario where lower(email) = ${mail.toLowerCase()} and coalesce(ativo, true) limit 1`.execute(trx);
  const row = r.rows[0];
  if (!row) return undefined;
  return { email: row.email.toLowerCase(), nome: row.nome, roles: Array.isArray(row.roles) ? (row.roles as string[]) : [] };
}

/**
 * After a declared step, the state it led to must have a holder: a filled person field of its
 * `assignees`, or inbox roles. Otherwise 400 on the asked (or first) holder field.
 */
export function checkHolderAfter(schema: EntitySchema, t: WorkflowTransition, after: Record<string, unknown>): void {
  const wf = schema.workflow!;
  const state = stateOf(wf, after[wf.field]);
  if (!state || !awaitsSomeone(wf, state)) return;
  const { fields, roles } = holdersOf(wf, state);
  if (roles.length || !fields.length) return;
  if (fields.some((f) => !isEmptyValue(after[f]))) return;
  const field = fields.find((f) => t.asks?.includes(f)) ?? fields[0];
  const label = labelOf(schema, field);
  throw new ApiError(400, `Informe "${label}" para "${t.label}": sem essa pessoa ninguém ficaria responsável pelo registro.`, {
    [field]: [`Informe quem fica responsável antes de "${t.label}".`],
  });
}

// ---- Static check of the declared workflows (ownership.test.ts) ----

/** The states reachable from the initial one through declared steps. */
export function reachableStates(wf: Workflow): Set<string> {
  const seen = new Set<string>([wf.initial]);
  const queue = [wf.initial];
  while (queue.length) {
    const from = queue.shift()!;
    for (const t of wf.transitions) {
      if (t.to && t.from.includes(from) && !seen.has(t.to)) {
        seen.add(t.to);
        queue.push(t.to);
      }
    }
  }
  return seen;
}

/** Fields a step into a state surely leaves filled: required by the schema, required by the step, asked for, or set to the actor. */
export function filledBy(schema: EntitySchema, t: Pick<WorkflowTransition, 'requires' | 'asks' | 'set'> | undefined): Set<string> {
  const out = new Set(schema.fields.filter((f) => f.required).map((f) => f.name));
  for (const f of t?.requires ?? []) out.add(f);
  for (const f of t?.asks ?? []) out.add(f);
  for (const [f, v] of Object.entries(t?.set ?? {})) {
    if (v === '$actor') out.add(f);
    else out.delete(f); // a step that writes another value (null…) may empty it
  }
  return out;
}

/**
 * Every way a reachable state that waits for someone can end up with nobody holding it, as
 * "schema: state "X" … (transition "y")". Creation counts as the step into the initial state.
 */
export function ownershipProblems(schema: EntitySchema): string[] {
  const wf = schema.workflow;
  if (!wf) return [];
  const problems: string[] = [];
  const reachable = reachableStates(wf);
  for (const name of [...reachable]) {
    const state = stateOf(wf, name);
    if (!state) {
      problems.push(`${schema.name}: estado "${name}" é alvo de uma transição mas não está declarado`);
      continue;
    }
    if (!awaitsSomeone(wf, state)) continue;
    const { fields, roles } = holdersOf(wf, state);
    if (roles.length) continue;
    if (!fields.length) {
      problems.push(`${schema.name}: estado "${state.value}" não declara quem o detém (nem assignees, nem roleInbox)`);
      continue;
    }
    for (const f of fields) {
      const def = schema.fields.find((x) => x.name === f);
      if (!def) problems.push(`${schema.name}: estado "${state.value}" nomeia o campo "${f}", que não existe`);
      else if (def.kind !== 'person' && def.kind !== 'email') problems.push(`${schema.name}: estado "${state.value}" nomeia "${f}", que não é uma pessoa`);
    }
    const entries: { label: string; step?: WorkflowTransition }[] = wf.transitions
      .filter((t) => t.to === state.value && t.from.some((s) => reachable.has(s)))
      .map((t) => ({ label: `transição "${t.name}"`, step: t }));
    if (wf.initial === state.value) entries.unshift({ label: 'criação do registro' });
    for (const { label, step } of entries) {
      const filled = filledBy(schema, step);
      if (!fields.some((f) => filled.has(f))) {
        problems.push(
          `${schema.name}: estado "${state.value}" pode ficar sem responsável pela ${label}: ${fields.join(', ')} não é obrigatório, nem exigido (requires), pedido (asks) ou definido como '$actor'`,
        );
      }
    }
  }
  return problems;
}
