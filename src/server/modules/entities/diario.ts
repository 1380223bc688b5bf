/** Daily reports (RDO, `schemas/diario.ts`): the rules of a write beyond validation. */
import { sql } from 'kysely';
import { diario, RDO_VOIDED } from '../../../../schemas/diario';
import { ApiError } from '../../http/errors';
import { formatDateBr } from '../../time';
import { registerEntityHooks, type WriteRule } from '../../crud/hooks-registry';
import { recordUrl } from '../../workflow/notify';
import { rdoMandatorySections } from '../../rdo/config';
import { eapCodesInSiteEap } from './eap-os';

/**
 * One daily report per site and date, whatever the date (issue 36: the release notes' rule held only
 * for today, so a report for yesterday, or one the outbox sent after midnight, repeated a date). A
 * voided report no longer holds its date. Two writers of the same site and date wait for each other
 * (a transaction lock on the pair), so two devices sending at once cannot both pass.
 */
const rdoOnePerSiteAndDate: WriteRule = async ({ trx, op, after, before }) => {
  if (op !== 'create' && before?.data === after.data && before?.obra === after.obra) return;
  if (typeof after.obra !== 'string' || typeof after.data !== 'string') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`diario:${after.obra}:${after.data}`}))`.execute(trx);
  const other = await trx
    .selectFrom('diario')
    .select(['id', 'numero'])
    .where('obra', '=', after.obra)
    .where('data', '=', after.data)
    .where('status', '!=', RDO_VOIDED)
    .$if(!!before, (q) => q.where('id', '!=', before!.id as number))
    .executeTakeFirst();
  if (other) {
    const which = other.numero ? `o diário nº ${String(other.numero)}` : 'um diário';
    const message = `Já existe ${which} desta obra com a data ${formatDateBr(after.data)}: abra-o em ${recordUrl(diario, other.id)} ou escolha outra data.`;
    throw new ApiError(400, message, { data: [message] });
  }
};

registerEntityHooks('diario', {
  beforeChange: [rdoOnePerSiteAndDate, rdoMandatorySections, eapCodesInSiteEap],
  // A report back from the trash must not repeat a date another report took meanwhile (issue 35).
  beforeRestore: async ({ trx, schema, row }) => void (await rdoOnePerSiteAndDate({ trx, schema, op: 'create', after: row })),
});
