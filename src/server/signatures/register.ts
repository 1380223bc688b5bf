/**
 * What the signatures feature adds to the engine (imported by src/server/modules/register.ts): its
 * tables, the workflow effects the daily report's transitions name (schemas/diario.ts) and the
 * check of the sites' distribution lists.
 * - `rdo-anular-assinaturas` (devolver, reabrir): every signature in force is voided with
 *   "Diário reaberto: <the step's comment>" (the comment is the history entry the step just wrote);
 * - `rdo-distribuir` (enviar, "Concluir diário"): the site's distribution list receives the PDF.
 */
import { sql } from 'kysely';
import { EMAIL_PATTERN } from '../../../schemas/messages';
import { registerEntityHooks, type WriteRule } from '../crud/hooks-registry';
import { registerCoreSql } from '../db/migrate';
import { ApiError } from '../http/errors';
import { registerAfter } from '../workflow/hooks';
import { queueDistribution } from './distribution';
import { voidSignatures } from './store';
import { SIGNATURE_CORE_SQL } from './tables';

registerCoreSql('assinaturas', SIGNATURE_CORE_SQL);

registerAfter('rdo-anular-assinaturas', async ({ trx, schema, row }) => {
  const last = await sql<{ comentario: string | null }>`
    select comentario from auditoria
    where recurso = ${schema.resource} and registro_id = ${Number(row.id)} and acao = 'transition'
    order by id desc limit 1`.execute(trx);
  const reason = last.rows[0]?.comentario?.trim();
  await voidSignatures(trx, schema.resource, Number(row.id), reason ? `Diário reaberto: ${reason}` : 'Diário reaberto.');
});

registerAfter('rdo-distribuir', ({ trx, schema, row, actor }) => queueDistribution(trx, schema, row, { kind: 'conclusao', by: actor.name || actor.email }));

/** A distribution list holds e-mail addresses only (400 naming the first that is not one). */
const distributionEmails: WriteRule = async ({ after }) => {
  const list = Array.isArray(after.distribuicao) ? (after.distribuicao as unknown[]) : [];
  const wrong = list.find((m) => typeof m !== 'string' || !EMAIL_PATTERN.test(m.trim()));
  if (wrong !== undefined) {
    const message = `"${String(wrong)}" não é um e-mail válido: a lista de distribuição aceita só e-mails.`;
    throw new ApiError(400, 'Corrija a lista de distribuição do RDO.', { distribuicao: [message] });
  }
};
registerEntityHooks('configuracaoRdo', { beforeChange: distributionEmails });
