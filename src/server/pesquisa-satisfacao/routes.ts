/**
 * The public survey API, mounted before authentication (the token in the link is the credential):
 *
 *   GET  /api/v1/pesquisa/:token → { codigo, titulo, obra } of the ticket, nothing else
 *   POST /api/v1/pesquisa/:token → records the answers (pesquisaSatisfacao) and spends the token
 *
 * 404 for a token that does not exist, 410 for one expired or already answered; answers are
 * checked with the survey schema's own field rules (400 with per-field errors).
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import { copiedValues } from '../../../schemas/copies';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { validateBody } from '../crud/validate';
import { jsonBody } from '../crud/routes';
import { guardDb } from '../crud/record-access';
import { toColumnValues as toColumns } from '../db/columns';
import { flattenExtra } from '../db/columns';
import { diffRecords, writeAudit } from '../crud/audit';
import { todayIso } from '../time';
import { hashToken, TOKEN_PATTERN } from './invitations';

/** What the respondent answers; everything else comes from the ticket. */
export const ANSWER_FIELDS = ['respondente', 'notaAtendimento', 'notaPrazo', 'notaQualidade', 'notaComunicacao', 'nps', 'comentario'];

const NOT_FOUND = 'Pesquisa não encontrada. Confira se o endereço foi copiado por inteiro.';
const USED = 'Esta pesquisa já foi respondida. Obrigado pela sua avaliação!';
const EXPIRED = 'O prazo para responder a esta pesquisa terminou.';

interface Invitation {
  id: number;
  ticket: number;
  email: string;
  expired: boolean;
  used: boolean;
}

async function findInvitation(db: Db, token: string, lock: boolean): Promise<Invitation> {
  if (!TOKEN_PATTERN.test(token)) throw new ApiError(404, NOT_FOUND);
  const r = await sql<Invitation>`select id, ticket, email, expira_em <= now() as expired, usado_em is not null as used
    from convite_pesquisa where token_hash = ${hashToken(token)} ${lock ? sql`for update` : sql``}`.execute(db);
  const inv = r.rows[0];
  if (!inv) throw new ApiError(404, NOT_FOUND);
  if (inv.used) throw new ApiError(410, USED);
  if (inv.expired) throw new ApiError(410, EXPIRED);
  return inv;
}

async function ticketOf(db: Db, id: number): Promise<Record<string, unknown>> {
  const r = await sql<{ row: Record<string, unknown> }>`select to_jsonb(t.*) as row from posvenda t where id = ${Number(id)}`.execute(db);
  const ticket = r.rows[0]?.row && flattenExtra(r.rows[0].row);
  if (!ticket) throw new ApiError(404, NOT_FOUND);
  return ticket;
}

export function surveyRoutes(db: Db) {
  const survey = schemaByName('pesquisaSatisfacao') as EntitySchema;
  const answers: EntitySchema = { ...survey, fields: survey.fields.filter((f) => ANSWER_FIELDS.includes(f.name)) };
  const ticketField = survey.fields.find((f) => f.name === 'ticket')!;
  const api = new Hono<AppEnv>();

  api.get('/:token', async (c) => {
    const inv = await findInvitation(db, c.req.param('token'), false);
    const ticket = await ticketOf(db, inv.ticket);
    const site = ticket.obra ? await db.selectFrom('obra').select('nome').where('Id_Lista', '=', String(ticket.obra)).executeTakeFirst() : undefined;
    return c.json({ codigo: ticket.codigo ?? null, titulo: ticket.titulo ?? null, obra: (site?.nome as string | undefined) ?? null });
  });

  api.post('/:token', async (c) => {
    const body = await jsonBody(c.req.raw); // NUL, depth and prototype keys refused as on every other route
    const checked = validateBody(answers, body);
    if (Object.keys(checked.errors).length) throw new ApiError(400, 'Verifique as respostas destacadas.', checked.errors);
    await guardDb(survey, () =>
      db.transaction().execute(async (trx) => {
        const inv = await findInvitation(trx, c.req.param('token'), true);
        const ticket = await ticketOf(trx, inv.ticket);
        const values = {
          ...copiedValues(ticketField, ticket, {}),
          ...checked.values,
          ticket: inv.ticket,
          data: todayIso(),
        };
        const full = validateBody(survey, values);
        if (Object.keys(full.errors).length) throw new ApiError(400, 'Verifique as respostas destacadas.', full.errors);
        const row = await trx
          .insertInto(survey.name)
          // A public page has no signed-in author: whoever answers through the link (and whatever
          // session their browser holds) is no portal user of this record; the respondent is the
          // `respondente` field and the ticket's contact.
          .values({ ...toColumns(survey, full.values, 'insert'), created_by: null, updated_by: null })
          .returning(sql<Record<string, unknown>>`to_jsonb(${sql.table(survey.name)}.*)`.as('row'))
          .executeTakeFirstOrThrow();
        const saved = flattenExtra(row.row as Record<string, unknown>);
        await writeAudit(trx, survey, Number(saved.id), 'create', null, diffRecords(survey, {}, saved));
        await sql`update convite_pesquisa set usado_em = now() where id = ${inv.id}`.execute(trx);
      }),
    );
    return c.json({ message: 'Obrigado! Sua avaliação foi registrada.' }, 201);
  });

  return api;
}
