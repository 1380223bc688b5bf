/** Daily reports (RDO, `schemas/diario.ts`): the rules of a write beyond validation. */
import { ApiError } from '../../http/errors';
import { todayIso } from '../../time';
import { registerEntityHooks, type WriteRule } from '../../crud/hooks-registry';
import { rdoMandatorySections } from '../../rdo/config';
import { eapCodesInSiteEap } from './eap-os';

const today = () => todayIso();

/** Release notes: a daily report cannot repeat another's date of the same site when that date is today. */
const rdoOnePerSiteToday: WriteRule = async ({ trx, op, after, before }) => {
  if (op !== 'create' && before?.data === after.data && before?.obra === after.obra) return;
  if (after.data !== today()) return;
  const other = await trx
    .selectFrom('diario')
    .select('id')
    .where('obra', '=', after.obra as string)
    .where('data', '=', after.data as string)
    .$if(!!before, (q) => q.where('id', '!=', before!.id as number))
    .executeTakeFirst();
  if (other) {
    throw new ApiError(400, 'Já existe um diário desta obra com a data de hoje.', {
      data: ['Já existe um diário desta obra com a data de hoje.'],
    });
  }
};

registerEntityHooks('diario', { beforeChange: [rdoOnePerSiteToday, rdoMandatorySections, eapCodesInSiteEap] });
