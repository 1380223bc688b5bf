/**
 * Taking a transition: one transaction that locks the record, checks the step against the record
 * (state, permission, comment, required fields, guards), writes the new state and its stamps,
 * the history entry, the effects on other records and the queued e-mails, or nothing at all.
 */
import { sql } from 'kysely';
import { ADMIN_TRANSITION, type EntitySchema, type StampValue, type WorkflowTransition } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { diffRecords, writeAudit } from '../crud/audit';
import { forbiddenMessage, notFoundMessage } from '../crud/messages';
import { guardDb, parseId, readActionOf, selectOne, type Row } from '../crud/record-access';
import { toColumnValues as toColumns } from '../db/columns';
import { flattenExtra } from '../db/columns';
import { stripUnreadable } from '../crud/read-fields';
import { withoutStaffMailsOne } from '../crud/external-privacy';
import { isEmptyValue } from '../../../schemas/messages';
import { addDaysIso, formatDateTimeBr, todayIso } from '../time';
import {
  availableTransitions,
  describeTransition,
  actingFor,
  dutyConflictOf,
  findTransition,
  mayMove,
  mayTake,
  stillOpen,
  nextRevision,
  stateLabel,
  stateOf,
  transitionForRecord,
  voidByStepMessage,
  type WorkflowActor,
} from './definition';
import { afterNamed, guardNamed, leaveEffects } from './hooks';
import { queueTransitionMail, titleOf } from './notify';
import { dutyConflictStepMessage } from './segregation';
import { checkHolderAfter, readAskedValues } from './holders';
import { nextNumber } from '../crud/numbering';
import { runWriteGates } from '../crud/hooks-registry';
import { engineLifecycle } from '../crud/lifecycle';
import { subject } from '@casl/ability';

const COMMENT_MAX = 4000;
const a = (schema: EntitySchema) => (schema.gender === 'f' ? 'a' : 'o');

function workflowOf(schema: EntitySchema) {
  if (!schema.workflow) throw new ApiError(404, 'Este recurso não tem fluxo de situações.');
  return schema.workflow;
}

async function readable(db: Db, schema: EntitySchema, actor: WorkflowActor, id: number, lock: boolean): Promise<Row> {
  const row = await selectOne(db, schema, id, lock);
  if (!row) throw new ApiError(404, notFoundMessage(schema));
  if (!actor.ability.can(readActionOf(schema) as never, subject(schema.subject, { ...row }) as never))
    throw new ApiError(403, forbiddenMessage(schema, 'read'));
  return row;
}

/** `GET /{resource}/{id}/transitions`: what the caller may do now. */
export async function listTransitions(db: Db, schema: EntitySchema, actor: WorkflowActor, rawId: string) {
  const wf = workflowOf(schema);
  const row = await readable(db, schema, actor, parseId(schema, rawId), false);
  return availableTransitions(schema, row, actor).map((t) => describeTransition(wf, transitionForRecord(t, row), schema, row[wf.field]));
}

function stamp(value: StampValue, ctx: { actor: WorkflowActor; comment: string | null; current: unknown }): unknown {
  if (value === null) return null;
  if (value === '$now') return new Date().toISOString();
  if (value === '$today') return todayIso();
  if (value.startsWith('$today+')) return addDaysIso(todayIso(), Number(value.slice(7)));
  if (value === '$actor') return ctx.actor.name ? { mail: ctx.actor.email, nome: ctx.actor.name } : { mail: ctx.actor.email };
  if (value === '$comment') return ctx.comment;
  if (value === '$nextRevision') return nextRevision(ctx.current);
  return value;
}

function parseBody(body: unknown): { version: number; comment: string | null; to?: unknown; values?: unknown } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  const b = body as Record<string, unknown>;
  if (b.version === undefined || b.version === null || !Number.isInteger(Number(b.version))) {
    throw new ApiError(400, 'Informe a versão do registro que está sendo alterado.', { version: ['Campo obrigatório.'] });
  }
  if (b.comment !== undefined && b.comment !== null && typeof b.comment !== 'string')
    throw new ApiError(400, 'Comentário inválido.', { comment: ['Informe um texto.'] });
  const comment = typeof b.comment === 'string' && b.comment.trim() ? b.comment.trim().replaceAll('\u0000', '') : null;
  if (comment && comment.length > COMMENT_MAX) throw new ApiError(400, 'Comentário longo demais.', { comment: [`No máximo ${COMMENT_MAX} caracteres.`] });
  return { version: Number(b.version), comment, to: b.to, values: b.values };
}

/** The state the step leads to (the administrators' step names it in the body). */
function targetOf(schema: EntitySchema, t: WorkflowTransition, before: Row, to: unknown): string | undefined {
  const wf = schema.workflow!;
  if (t.name !== ADMIN_TRANSITION) return t.to;
  if (typeof to !== 'string' || !stateOf(wf, to)) {
    throw new ApiError(400, 'Escolha a nova situação.', { to: [`Escolha uma destas: ${wf.states.map((s) => s.label ?? s.value).join(', ')}.`] });
  }
  if (to === before[wf.field]) throw new ApiError(400, 'O registro já está nesta situação.', { to: ['Escolha uma situação diferente da atual.'] });
  return to;
}

/** `POST /{resource}/{id}/transitions/{name}`. */
export async function takeTransition(
  db: Db,
  schema: EntitySchema,
  actor: WorkflowActor,
  rawId: string,
  name: string,
  body: unknown,
  /** `within`: runs first inside the step's transaction (e.g. spending an e-mail link: src/server/workflow/email-actions.ts). */
  opts: { within?: (trx: Db) => Promise<void> } = {},
): Promise<Row> {
  await runWriteGates({ db, schema, actor });
  const wf = workflowOf(schema);
  const id = parseId(schema, rawId);
  const t = findTransition(wf, name);
  if (!t) throw new ApiError(404, 'Ação não encontrada neste fluxo.');
  const input = parseBody(body);
  const later: ((db: Db) => Promise<void>)[] = []; // the effects' work after the commit (HookContext.afterCommit)
  const row = await guardDb(schema, () =>
    db.transaction().execute(async (trx) => {
      if (opts.within) await opts.within(trx);
      const before = await readable(trx, schema, actor, id, true);
      const state = before[wf.field] as string;
      if (!t.from.includes(state)) {
        throw new ApiError(400, `A ação "${t.label}" não está disponível com ${a(schema)} ${schema.label.toLowerCase()} em "${stateLabel(wf, state)}".`);
      }
      if (!stillOpen(t, before)) {
        throw new ApiError(400, `A ação "${t.label}" já foi feita n${a(schema) === 'a' ? 'esta' : 'este'} ${schema.label.toLowerCase()}.`);
      }
      if (!mayTake(schema, t, before, actor)) {
        // Issue 36: a substitute who holds another stage of this record the workflow keeps apart.
        const conflict = mayTake(schema, t, before, actor, false) ? dutyConflictOf(schema, t, before, actor) : undefined;
        if (conflict) {
          const absent = await sql<{ nome: string | null }>`select nome from usuario where lower(email) = ${conflict.absent}`.execute(trx);
          throw new ApiError(403, dutyConflictStepMessage(schema, titleOf(schema, before), conflict, t.label, absent.rows[0]?.nome || conflict.absent));
        }
        throw new ApiError(403, `Você não tem permissão para "${t.label}" nest${a(schema) === 'a' ? 'a' : 'e'} ${schema.label.toLowerCase()}.`);
      }
      if (input.version !== before.version) {
        throw new ApiError(409, 'Este registro foi alterado por outra pessoa depois que você o abriu. Recarregue para ver a versão atual.');
      }
      const step = transitionForRecord(t, before);
      if (step.comment === 'required' && !input.comment) {
        if (step.notice) throw new ApiError(400, step.notice, { comment: [step.notice] });
        throw new ApiError(400, `Escreva um comentário para "${t.label}".`, { comment: ['O comentário é obrigatório nesta ação.'] });
      }
      // The values the step's dialog asks for (`asks`, e.g. who holds the next state): 400 per field.
      const asked = await readAskedValues(trx, schema, t, input.values, before);
      const missing = (t.requires ?? []).filter((f) => isEmptyValue({ ...before, ...asked }[f]));
      if (missing.length) {
        const label = (f: string) => schema.fields.find((x) => x.name === f)?.label ?? f;
        throw new ApiError(
          400,
          `Preencha antes de "${t.label}": ${missing.map(label).join(', ')}.`,
          Object.fromEntries(missing.map((f) => [f, [`Preencha este campo antes de "${t.label}".`]])),
        );
      }
      const to = targetOf(schema, t, before, input.to);
      if (to && !mayMove(wf, state, to)) throw new ApiError(409, wf.ofRecord!.message);
      if (t.name === ADMIN_TRANSITION && to === wf.ofRecord?.voided) throw new ApiError(409, voidByStepMessage(wf));
      const comment = t.comment === 'none' ? null : input.comment;
      const hookCtx = {
        trx,
        schema,
        row: before,
        actor,
        step: { name: t.name, label: t.label, from: state, to: to ?? null, comment },
        afterCommit: (fn: (db: Db) => Promise<void>) => void later.push(fn),
        notifyMoved: (s: EntitySchema, b: Record<string, unknown>, af: Record<string, unknown>, label: string) =>
          queueTransitionMail(trx, s, b, af, { label }, actor),
      };
      if (t.guard) await guardNamed(t.guard)(hookCtx);

      const values: Record<string, unknown> = { ...asked };
      if (to) values[wf.field] = to;
      for (const [field, v] of Object.entries(t.set ?? {})) values[field] = stamp(v, { actor, comment, current: before[field] });
      if (t.appendComment && comment) {
        const prev = typeof before[t.appendComment] === 'string' ? (before[t.appendComment] as string) : '';
        const entry = `[${formatDateTimeBr()} – ${actor.name || actor.email}] ${t.label}: ${comment}`;
        values[t.appendComment] = prev ? `${prev}\n\n${entry}` : entry;
      }
      // The entity's number or code (schema `numbering`), once: a record that has one keeps it.
      const numbering = schema.numbering;
      if (t.assignsNumber && numbering && isEmptyValue(before[numbering.field])) {
        values[numbering.field] = await nextNumber(trx, schema, { ...before, ...values });
      }
      const r = await trx
        .updateTable(schema.name)
        .set({ ...toColumns(schema, values, 'update'), version: sql`version + 1`, updated_at: sql`now()`, updated_by: actor.email })
        .where('id', '=', id)
        .where('version', '=', before.version)
        .returning(sql<Row>`to_jsonb(${sql.table(schema.name)}.*)`.as('row'))
        .executeTakeFirst();
      if (!r) throw new ApiError(409, 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.');
      const after = flattenExtra(r.row as Row);
      // The state it led to must have someone holding it (issue 25); else nothing is written.
      if (t.name !== ADMIN_TRANSITION) checkHolderAfter(schema, t, after);
      // Decision 31: a substitute's step on the absent person's item is recorded "em nome de".
      const emNomeDe = actingFor(before, actor, (own) => mayTake(schema, t, before, { ...actor, ability: own, emNomeDe: [] }), t.by);
      await writeAudit(
        trx,
        schema,
        id,
        'transition',
        actor.email,
        diffRecords(schema, before, after),
        { transition: { name: t.name, label: t.label, from: state, to: to ?? null }, comment },
        emNomeDe,
      );
      await engineLifecycle().afterStore(trx, schema, after); // the SLA's clocks after the step (src/server/sla), on `after`
      // What the workflow declares for leaving a group of states (`onLeave`), whatever the step, then the step's own effect.
      for (const effect of leaveEffects(schema, state, to)) await afterNamed(effect)({ ...hookCtx, row: after });
      if (t.after) await afterNamed(t.after)({ ...hookCtx, row: after });
      await queueTransitionMail(trx, schema, before, after, { label: t.label, notify: t.notify, comment, notifyAs: t.notifyAs }, actor);
      return stripUnreadable(actor.ability, schema, after);
    }),
  );
  for (const fn of later) {
    try {
      await fn(db);
    } catch (e) {
      console.error(`[workflow] efeito após "${t.label}" em ${schema.resource}/${id} falhou:`, e);
    }
  }
  // Decision 29: an external reader receives people of the staff by name only.
  return withoutStaffMailsOne(db, actor, schema, row);
}
