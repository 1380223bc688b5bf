/**
 * Acting from an e-mail button (src/server/workflow/action-link.ts): the portal's page
 * `/acao-email/{token}` reads `GET /api/v1/acoes-email/{token}` (the record's summary and the
 * step; never changes anything) and its confirm button posts `POST /api/v1/acoes-email/{token}`.
 *
 * Both check, in this order: the signature (400), the expiry (410), that the signed-in user is
 * the recipient (403), that the link was not used (410), the record (404/403) and that the step is
 * still open for this user in the record's current state (409 when the record moved on, 403 when
 * it is a right the user lacks). The POST then takes the step with
 * `takeTransition` on the record's current version, spending the link (its jti, unique in
 * `acao_email_uso`) inside the step's own transaction: a refused step leaves the link unused, and
 * two confirms at once take the step once.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import type { EntitySchema, WorkflowTransition } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf, jsonBody } from '../crud/routes';
import { forbiddenMessage } from '../crud/messages';
import { readActionOf, selectOne, type Row } from '../crud/record-access';
import { stripUnreadable } from '../crud/read-fields';
import { formatDateTimeBr } from '../time';
import { describeTransition, findTransition, mayTake, stateLabel, stateOf, stillOpen, transitionForRecord, type WorkflowActor } from './definition';
import { verifyActionLink, type ActionClaims } from './action-link';
import { dueOf, summaryRows, titleOf } from './notify';
import { takeTransition } from './transition';
import { isExternalUser, type PortalUser } from '../../access/user';

export const EMAIL_ACTION_CORE_SQL: string[] = [
  `CREATE TABLE IF NOT EXISTS acao_email_uso (
     jti text primary key, recurso text not null, registro bigint not null, transicao text not null,
     email text not null, usado_em timestamptz not null default now())`,
];

const INVALID = 'Este link de ação é inválido: ele foi alterado ou está incompleto. Abra o registro pelo portal.';

interface Checked {
  claims: ActionClaims;
  schema: EntitySchema;
  step: WorkflowTransition;
}

/** Signature, expiry, recipient and the step's declaration. */
async function checkLink(token: string, actor: WorkflowActor, schemas: () => readonly EntitySchema[]): Promise<Checked> {
  const v = await verifyActionLink(token);
  if (!v.ok && v.reason === 'expired') {
    throw new ApiError(410, `Este link expirou em ${formatDateTimeBr(v.expiredAt)}. Abra o registro no portal para agir.`);
  }
  if (!v.ok) throw new ApiError(400, INVALID);
  const { claims } = v;
  if (claims.email !== actor.email.toLowerCase()) {
    throw new ApiError(
      403,
      'Este link foi enviado para outra pessoa. Entre no portal com o usuário que recebeu o e-mail, ou abra o registro pelo portal para ver o que você pode fazer.',
    );
  }
  const schema = schemas().find((s) => s.resource === claims.resource);
  const step = schema?.workflow ? findTransition(schema.workflow, claims.transition) : undefined;
  if (!schema || !step) throw new ApiError(400, INVALID);
  return { claims, schema, step };
}

async function usedAt(db: Db, jti: string): Promise<Date | undefined> {
  const r = await sql<{ usado_em: string | Date }>`select usado_em from acao_email_uso where jti = ${jti}`.execute(db);
  return r.rows[0] ? new Date(r.rows[0].usado_em) : undefined;
}

const usedMessage = (at: Date) => `Este link já foi usado em ${formatDateTimeBr(at)}. Abra o registro no portal para ver a situação atual.`;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "o contrato", "a obra"; "este contrato", "esta obra"; "neste contrato", "nesta obra". */
function articles(schema: EntitySchema): { the: string; thisOne: string; inThis: string; label: string } {
  const f = schema.gender === 'f';
  const label =
    schema.label.length > 1 && schema.label[1] !== schema.label[1].toLowerCase() ? schema.label : schema.label.charAt(0).toLowerCase() + schema.label.slice(1);
  return { the: f ? 'a' : 'o', thisOne: f ? 'esta' : 'este', inThis: f ? 'nesta' : 'neste', label };
}

/** Whether the record, in another state the step starts from, would let the actor do `allowed`: then it is the state, not a right, that changed. */
function allowedInAnotherStartState(schema: EntitySchema, step: WorkflowTransition, row: Row, allowed: (r: Row) => boolean): boolean {
  const field = schema.workflow!.field;
  return step.from.some((s) => s !== row[field] && allowed({ ...row, [field]: s }));
}

/**
 * The record, readable by the actor, with the step still open for them in its current state. When
 * the record has simply moved on (another state, or the step's work already done), the answer says
 * so (409); "no permission" (403) is kept for a right the actor does not have in that state.
 */
async function currentRecord(db: Db, c: Checked, actor: WorkflowActor): Promise<Row> {
  const { schema, step, claims } = c;
  const wf = schema.workflow!;
  const a = articles(schema);
  const row = await selectOne(db, schema, claims.id);
  if (!row) throw new ApiError(404, `O registro deste link não existe mais (${schema.label}).`);
  const readable = (r: Row) => actor.ability.can(readActionOf(schema) as never, subject(schema.subject, { ...r }) as never);
  if (!readable(row)) {
    // Moved to a state this person does not see (nothing of the record is told).
    if (allowedInAnotherStartState(schema, step, row, readable)) {
      throw new ApiError(409, `${cap(a.thisOne)} ${a.label} já seguiu para outra etapa: a ação "${step.label}" não é mais necessária. Nada foi alterado.`);
    }
    throw new ApiError(403, forbiddenMessage(schema, 'read'));
  }
  const state = row[wf.field];
  const movedOn = () =>
    new ApiError(
      409,
      `${cap(a.the)} ${a.label} "${titleOf(schema, row)}" já está em "${stateLabel(wf, state)}": a ação "${step.label}" não é mais necessária. Nada foi alterado.`,
    );
  if (!step.from.includes(state as string)) throw movedOn();
  if (!stillOpen(step, row)) {
    throw new ApiError(
      409,
      `A ação "${step.label}" já foi feita ${a.inThis} ${a.label} ("${titleOf(schema, row)}"): não é mais necessária. Nada foi alterado.`,
    );
  }
  if (!mayTake(schema, step, row, actor)) {
    if (allowedInAnotherStartState(schema, step, row, (r) => mayTake(schema, step, r, actor))) throw movedOn();
    throw new ApiError(403, `Você não tem mais permissão para "${step.label}" ${a.inThis} ${a.label}. Nada foi alterado.`);
  }
  return row;
}

/** What the confirmation page shows. */
async function summary(db: Db, c: Checked, actor: WorkflowActor & { user: PortalUser }, row: Row) {
  const { schema, claims } = c;
  const wf = schema.workflow!;
  const visible = stripUnreadable(actor.ability, schema, row);
  const step = describeTransition(wf, transitionForRecord(c.step, row), schema, row[wf.field]);
  return {
    resource: schema.resource,
    id: claims.id,
    entity: schema.label,
    title: titleOf(schema, visible),
    state: row[wf.field],
    stateLabel: stateLabel(wf, row[wf.field]),
    stateColor: stateOf(wf, row[wf.field])?.color ?? null,
    version: row.version,
    rows: await summaryRows(db, schema, visible, isExternalUser(actor.user)),
    due: dueOf(schema, visible) ?? null,
    transition: step,
    expiresAt: new Date(claims.exp * 1000).toISOString(),
  };
}

export function emailActionRoutes(db: Db, schemas: () => readonly EntitySchema[]) {
  const r = new Hono<AppEnv>();
  const actorFrom = (c: Parameters<typeof actorOf>[0]) => ({ ...actorOf(c), user: c.get('user') as PortalUser });

  r.get('/:token', async (c) => {
    const actor = actorFrom(c);
    const checked = await checkLink(c.req.param('token'), actor, schemas);
    const at = await usedAt(db, checked.claims.jti);
    if (at) throw new ApiError(410, usedMessage(at));
    const row = await currentRecord(db, checked, actor);
    return c.json(await summary(db, checked, actor, row));
  });

  r.post('/:token', async (c) => {
    const actor = actorFrom(c);
    const checked = await checkLink(c.req.param('token'), actor, schemas);
    const { claims, schema, step } = checked;
    const body = await jsonBody(c.req.raw);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
    const at = await usedAt(db, claims.jti);
    if (at) throw new ApiError(410, usedMessage(at));
    const row = await currentRecord(db, checked, actor);
    const comment = (body as { comment?: unknown }).comment;
    const after = await takeTransition(
      db,
      schema,
      actor,
      String(claims.id),
      claims.transition,
      { version: row.version, comment },
      {
        // Spent in the step's transaction: a second confirm waits here and then finds it taken.
        within: async (trx) => {
          const claim = await sql`
            insert into acao_email_uso (jti, recurso, registro, transicao, email)
            values (${claims.jti}, ${schema.resource}, ${claims.id}, ${claims.transition}, ${claims.email})
            on conflict (jti) do nothing returning jti`.execute(trx);
          if (!claim.rows.length) throw new ApiError(410, usedMessage((await usedAt(trx, claims.jti)) ?? new Date()));
        },
      },
    );
    const wf = schema.workflow!;
    const record = after as Row;
    return c.json({
      resource: schema.resource,
      id: claims.id,
      transition: step.name,
      state: record[wf.field] ?? null,
      stateLabel: stateLabel(wf, record[wf.field]),
      message: `Feito: "${step.label}" em ${schema.label} "${titleOf(schema, record)}".`,
    });
  });
  return r;
}
