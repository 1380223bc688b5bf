/**
 * Policy expiries in the personal calendar feed (issue 40): for the insurance people (the roles told
 * of an expiry, src/server/insurance/in-force.ts) and for each policy's responsible person, the end in
 * force of every running policy they may read, as an all-day event on that day — the expiry calendar
 * of the portal's "Vencimentos" screen, in their own calendar. A renewal, an endorsement that moves
 * the end or a policy that stops running changes or removes the event at the next read.
 */
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { readActionOf, readWhere, type Actor } from '../crud/record-access';
import { formatDateBr } from '../time';
import { recordUrl } from '../workflow/notify';
import { INSURANCE_PAIRS, INSURANCE_ROLES } from '../insurance/in-force';
import type { FeedEvent } from './ics';

/** Expiries this many days past are still listed (a policy left "Vigente" after its end). */
export const PAST_DAYS = 30;
/** Expiries up to this many days ahead are listed. */
export const AHEAD_DAYS = 400;
const MAX_POLICIES = 500;

interface Expiry {
  id: number;
  numero: string | null;
  obra: string | null;
  segurado: string | null;
  fim: string;
}

async function expiriesOf(db: Db, schema: EntitySchema, actor: Actor, insurer: boolean): Promise<Expiry[]> {
  if (!actor.ability.can(readActionOf(schema) as never, schema.subject as never)) return [];
  const mine = insurer ? sql`true` : sql`lower("responsavel" ->> 'mail') = ${actor.email.toLowerCase()}`;
  const r = await sql<Expiry>`select id, "numeroApolice" as numero, obra::text as obra, segurado,
      to_char("fimVigenciaAtual", 'YYYY-MM-DD') as fim
    from ${sql.table(schema.name)}
    where status = 'Vigente' and ${mine} and ${readWhere(schema, actor)}
      and "fimVigenciaAtual" between current_date - ${PAST_DAYS}::int and current_date + ${AHEAD_DAYS}::int
    order by "fimVigenciaAtual", id limit ${MAX_POLICIES}`.execute(db);
  return r.rows;
}

/** The events: one per running policy the person follows, on its end in force. */
export async function policyExpiryEvents(db: Db, actor: Actor, host: string): Promise<FeedEvent[]> {
  if (actor.client) return [];
  const insurer = (actor.roles ?? []).some((r) => INSURANCE_ROLES.includes(r));
  const out: FeedEvent[] = [];
  for (const pair of INSURANCE_PAIRS) {
    const schema = schemaByName(pair.policy);
    if (!schema) continue;
    for (const p of await expiriesOf(db, schema, actor, insurer)) {
      const numero = p.numero ?? String(p.id);
      out.push({
        uid: `vencimento-${schema.resource}-${p.id}@${host}`,
        summary: `Fim da vigência: apólice ${numero}${p.obra ? ` (obra ${p.obra})` : ''}`,
        description: [
          `${schema.label}: ${numero}`,
          p.segurado ? `Segurado: ${p.segurado}` : '',
          p.obra ? `Obra: ${p.obra}` : '',
          `Fim da vigência em vigor: ${formatDateBr(p.fim)}`,
        ]
          .filter(Boolean)
          .join('\n'),
        url: recordUrl(schema, p.id),
        days: { start: p.fim, end: p.fim },
        categories: 'Seguros',
      });
    }
  }
  return out;
}
