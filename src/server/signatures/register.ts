/**
 * What the signatures feature adds to the engine (imported by src/server/modules/register.ts): its
 * tables, the documents of record it signs (documents.ts: the daily report here, the RIT from
 * src/server/rit/signed-document.ts through `wireSignedDocument`), the workflow effects the daily
 * report's transitions name (schemas/diario.ts) and the check of the sites' distribution lists.
 * - `rdo-anular-assinaturas` (the workflow's `onLeave` of the concluded states: any step out of
 *   them): every signature in force is voided, in the step's transaction, with "Diário reaberto:
 *   <the step's comment>" (devolver, reabrir) or "Situação alterada por administrador: <comment>"
 *   (the administrators' "Alterar situação");
 *   Whoever received the PDF (distribution list) or signed it is told (void-notice.ts);
 * - `documento-avisar-anulacao` (anular: "Anular diário", "Anular RIT"): the same notice for a voided
 *   document of record (issue 36);
 * - `rdo-distribuir` (enviar, "Concluir diário"): the site's distribution list receives the PDF,
 *   rendered and queued once the step is committed (distribution.ts);
 * - a signed report is never deleted (issue 36; the workflow's `deleteIn` already keeps concluded
 *   reports, this holds for any record that ever had a verification code).
 */
import { ADMIN_TRANSITION } from '../../../schemas/kinds';
import { EMAIL_PATTERN } from '../../../schemas/messages';
import { registerEntityHooks, type DeleteRule, type WriteRule } from '../crud/hooks-registry';
import { registerCoreSql } from '../db/migrate';
import { ApiError } from '../http/errors';
import { registerAfter } from '../workflow/hooks';
import { distributeAfterCommit, queueDistribution } from './distribution';
import { codeOf, voidSignatures } from './store';
import { queueVoidNotice, type VoidNotice } from './void-notice';
import { SIGNATURE_CORE_SQL } from './tables';
import { signedDocument, type SignedDocument } from './documents';
import type { TransitionHook } from '../workflow/hooks';
import { registerSignaturePending } from './pending';
import { RDO_DOCUMENT } from './rdo-document';
import { pdfSignatureBlock } from './pdf-block';
import { registerSignatureBlock } from '../rdo/signature-block';

registerCoreSql('assinaturas', SIGNATURE_CORE_SQL);
// The block the daily report's PDF prints (src/server/rdo/signature-block.ts: the RDO does not import this feature).
registerSignatureBlock(pdfSignatureBlock);

/** The voiding step of a document of record ("Anular diário", "Anular RIT": schemas/diario.ts, schemas/rit.ts). */
const VOID_STEP = 'anular';

const noticeOf = (kind: VoidNotice['kind'], actor: { email: string; name?: string }, step: { comment: string | null } | undefined): VoidNotice => ({
  kind,
  by: actor.name || actor.email,
  byEmail: actor.email,
  motivo: step?.comment ?? null,
});

/** Why the step voids the signatures, in pt-BR, with its comment. */
export function voidReason(step: { name: string; comment: string | null } | undefined, doc: SignedDocument = RDO_DOCUMENT): string {
  const comment = step?.comment?.trim();
  const what = step?.name === ADMIN_TRANSITION ? 'Situação alterada por administrador' : step?.name === VOID_STEP ? doc.texts.voidedByStep : doc.texts.reopened;
  return comment ? `${what}: ${comment}` : `${what}.`;
}

/** The `onLeave` effect of a document's signed states: every signature in force voided, whoever had it told. */
const voidOnLeave: TransitionHook = async ({ trx, schema, row, step, actor }) => {
  await voidSignatures(trx, schema.resource, Number(row.id), voidReason(step, signedDocument(schema)));
  // Voiding ("Anular …") tells its own news (below); any other way out of the signed states reopens it.
  if (step?.name !== VOID_STEP) await queueVoidNotice(trx, schema, row, noticeOf('reaberto', actor, step));
};

/** A voided document of record: whoever received the PDF (distribution list) or signed it is told (void-notice.ts). */
const noticeOfVoiding: TransitionHook = async ({ trx, schema, row, step, actor }) => {
  await queueVoidNotice(trx, schema, row, noticeOf('anulado', actor, step));
};
registerAfter('documento-avisar-anulacao', noticeOfVoiding);

/** A record with a verification code was signed and may be in anyone's hands: it is voided, never deleted. */
const signedNeverDeleted: DeleteRule = async ({ trx, schema, before }) => {
  if (await codeOf(trx, schema.resource, Number(before.id))) {
    throw new ApiError(409, 'Este documento foi assinado e não pode ser excluído. Se ele não vale mais, um administrador pode anulá-lo informando o motivo.');
  }
};

/**
 * A document of record's rules beyond its routes: its `onLeave` effect (the name its workflow
 * declares), a signed record never deleted, and its signatures as pending work of its signers
 * ("Minhas pendências", pending.ts; issue 36).
 */
export function wireSignedDocument(doc: SignedDocument, onLeaveEffect: string): void {
  registerAfter(onLeaveEffect, voidOnLeave);
  registerSignaturePending(doc);
  registerEntityHooks(doc.entity, { beforeDelete: signedNeverDeleted });
}

wireSignedDocument(RDO_DOCUMENT, 'rdo-anular-assinaturas');

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
