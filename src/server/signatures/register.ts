/**
 * What the signatures feature adds to the engine (imported by src/server/modules/register.ts): its
 * tables, the workflow effects the daily report's transitions name (schemas/diario.ts) and the
 * check of the sites' distribution lists.
 * - `rdo-anular-assinaturas` (the workflow's `onLeave` of the concluded states: any step out of
 *   them): every signature in force is voided, in the step's transaction, with "Diário reaberto:
 *   <the step's comment>" (devolver, reabrir) or "Situação alterada por administrador: <comment>"
 *   (the administrators' "Alterar situação");
 * - `rdo-distribuir` (enviar, "Concluir diário"): the site's distribution list receives the PDF,
 *   rendered and queued once the step is committed (distribution.ts).
 */
import { ADMIN_TRANSITION } from '../../../schemas/kinds';
import { EMAIL_PATTERN } from '../../../schemas/messages';
import { registerEntityHooks, type WriteRule } from '../crud/hooks-registry';
import { registerCoreSql } from '../db/migrate';
import { ApiError } from '../http/errors';
import { registerAfter } from '../workflow/hooks';
import { distributeAfterCommit, queueDistribution } from './distribution';
import { voidSignatures } from './store';
import { SIGNATURE_CORE_SQL } from './tables';

registerCoreSql('assinaturas', SIGNATURE_CORE_SQL);

/** Why the step voids the signatures, in pt-BR, with its comment. */
export function voidReason(step: { name: string; comment: string | null } | undefined): string {
  const comment = step?.comment?.trim();
  const what = step?.name === ADMIN_TRANSITION ? 'Situação alterada por administrador' : 'Diário reaberto';
  return comment ? `${what}: ${comment}` : `${what}.`;
}

registerAfter('rdo-anular-assinaturas', async ({ trx, schema, row, step }) => {
  await voidSignatures(trx, schema.resource, Number(row.id), voidReason(step));
});

registerAfter('rdo-distribuir', async ({ trx, schema, row, actor, afterCommit }) => {
  const event = { kind: 'conclusao', by: actor.name || actor.email } as const;
  // The PDF is rendered after the commit, off the report's row lock; without the hook, in the step.
  if (afterCommit) afterCommit((db) => distributeAfterCommit(db, schema, row, event));
  else await queueDistribution(trx, schema, row, event);
});

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
