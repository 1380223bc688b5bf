/**
 * The demo's open survey invitation: the concluded ticket nº 16 (site 101, contact
 * cliente@portal.local) has not been answered yet, so its link opens the public form. The token is
 * fixed and published in docs/uso.md for the demonstration only; real invitations get a random one
 * (src/server/pesquisa-satisfacao/invitations.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { createInvitation } from '../pesquisa-satisfacao/invitations';

export const DEMO_SURVEY_TOKEN = 'demonstracao-pesquisa-de-satisfacao-0000016';
export const DEMO_SURVEY_TICKET = 16;

/** Creates the open invitation when the demo has its ticket (nothing otherwise). */
export async function seedDemoSurvey(trx: Db): Promise<void> {
  const r = await sql<{ id: string; email: string }>`select id, "emailContato" as email from posvenda
    where codigo = ${DEMO_SURVEY_TICKET} and status = 'Concluído' and "emailContato" is not null`.execute(trx);
  const ticket = r.rows[0];
  if (!ticket) return;
  await createInvitation(trx, Number(ticket.id), ticket.email, { token: DEMO_SURVEY_TOKEN, days: 3650 });
}
