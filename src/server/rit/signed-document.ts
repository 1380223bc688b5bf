/**
 * The technical inspection report (RIT) as a document of record (issue 40), registered with the
 * signature engine (src/server/signatures/documents.ts) like the daily report: signed while
 * "Emitido" by its inspector ('responsavel': the person `inspetor` names, or whoever stands in for
 * them during an absence), then by the client's representative of the site ('cliente'). The last
 * signature moves the report to "Assinado" (the declared step `concluir-assinaturas`, taken by the
 * portal in the signature's transaction) and sends the signed PDF to the site's distribution list.
 * Leaving "Emitido"/"Assinado" ("Devolver para correção" to "Devolvido", the administrators'
 * "Alterar situação") voids its signatures and tells whoever had it (`rit-anular-assinaturas`). An administrator's
 * "Anular RIT" (issue 36) leaves it "Anulado": kept, read, verified as voided, and whoever had it is
 * told (`documento-avisar-anulacao`, src/server/signatures/register.ts).
 */
import { RIT_OF_RECORD, RIT_VOIDED } from '../../../schemas/rit';
import { externalKindOf } from '../../access/user';
import { ApiError } from '../http/errors';
import { selectOne } from '../crud/record-access';
import type { Db } from '../db/connect';
import type { FileStorage } from '../storage/storage';
import { readAll } from '../storage/thumbnails';
import { formatDateBr } from '../time';
import { siteForDocument } from '../rdo/report-pdf';
import type { PdfSignatures } from '../rdo/pdf';
import { registerAfter, registerGuard } from '../workflow/hooks';
import { takeSystemStep } from '../workflow/system-step';
import { registerSignedDocument, type SignedDocument } from '../signatures/documents';
import { distributeAfterCommit, queueDistribution } from '../signatures/distribution';
import { wireSignedDocument } from '../signatures/register';
import { storedContentHash } from '../signatures/signed-schema';
import { isComplete, isPersonOrStandIn, isSiteClientRepresentative } from '../signatures/signers';
import { signaturesOf } from '../signatures/store';

type Row = Record<string, unknown>;
const MAX_PHOTOS = 40;

/** The step the last signature takes (schemas/rit.ts). */
export const SIGNED_STEP = 'concluir-assinaturas';

/** "RIT-101-3.pdf". */
export function ritFileName(report: Row): string {
  return `${String(report.numero ?? `RIT-${String(report.id)}`).replace(/[^\w.-]/g, '_')}.pdf`;
}

/** The report's photos and its findings' (at most 40), as bytes by file key. */
async function ritPhotos(storage: FileStorage, report: Row): Promise<Map<string, { name: string; body: Uint8Array }>> {
  const files = [
    ...(Array.isArray(report.constatacoes) ? (report.constatacoes as Row[]).flatMap((c) => (Array.isArray(c?.foto) ? c.foto : [])) : []),
    ...(Array.isArray(report.fotos) ? report.fotos : []),
  ].slice(0, MAX_PHOTOS) as { key?: string; name?: string }[];
  const photos = new Map<string, { name: string; body: Uint8Array }>();
  for (const f of files) {
    const obj = f?.key ? await storage.get(f.key) : undefined;
    if (obj) photos.set(f.key!, { name: String(f.name ?? ''), body: await readAll(obj.body) });
  }
  return photos;
}

/** The report's PDF; without `storage` it leaves the photos out. */
export async function renderRitReport(db: Db, storage: FileStorage | undefined, report: Row, opts: { signatures?: PdfSignatures; site?: Row } = {}) {
  const site = opts.site ?? (await siteForDocument(db, String(report.obra ?? '')));
  const photos = storage ? await ritPhotos(storage, report) : new Map();
  const { renderRitPdf } = await import('./pdf'); // pdfmake and its fonts load on the first document
  return renderRitPdf({ report, site, photos, signatures: opts.signatures });
}

export const RIT_DOCUMENT: SignedDocument = {
  entity: 'rit',
  signedIn: RIT_OF_RECORD,
  voidedState: RIT_VOIDED,
  order: ['responsavel', 'cliente'],
  labels: { responsavel: 'Inspetor', cliente: 'Representante do cliente' },
  signerField: 'inspetor',
  signerRoleOf(user, row) {
    if (externalKindOf(user)) return isSiteClientRepresentative(user, row) ? 'cliente' : null;
    return isPersonOrStandIn(user, row.inspetor) ? 'responsavel' : null;
  },
  ownerMail: (row) => String((row.inspetor as { mail?: unknown } | null)?.mail ?? ''),
  title(report, site) {
    const obra = (typeof site?.nome === 'string' && site.nome) || `Obra ${String(report.obra ?? '')}`;
    return `Relatório de inspeção técnica nº ${String(report.numero ?? report.id)} — ${obra} — ${formatDateBr(report.data)}`;
  },
  fileName: ritFileName,
  render: renderRitReport,
  // The site's list receives the report once, fully signed.
  distributesSignature: (_papel, complete) => complete,
  async afterSign({ trx, schema, row, complete, user }) {
    if (!complete) return undefined;
    const cause = { by: user.email, comment: 'Assinado pelo inspetor e pelo representante do cliente.' };
    if (!(await takeSystemStep(trx, schema, Number(row.id), SIGNED_STEP, cause))) return undefined;
    return selectOne(trx, schema, Number(row.id));
  },
  texts: {
    signAction: 'Assinar RIT',
    openToSign: 'Abra o relatório',
    notASigner: 'Só o inspetor do relatório e o representante do cliente da obra assinam este RIT.',
    voided: 'Este relatório foi anulado e não recebe mais assinaturas.',
    notConcluded: 'Só um RIT emitido pode ser assinado: emita o relatório antes de assinar.',
    alreadySigned: 'Você já assinou este relatório.',
    order: 'O inspetor assina primeiro; depois, o representante do cliente.',
    contentChanged: 'Conteúdo do relatório alterado depois da assinatura.',
    reopened: 'Relatório devolvido',
    voidedByStep: 'Relatório anulado',
    verifyVoidedSignatures: 'Documento sem validade: as assinaturas foram anuladas porque o relatório foi devolvido para correção.',
    verifyInCorrection: 'Documento sem validade: o relatório foi devolvido e está em correção.',
    verifyContentChanged: 'Documento sem validade: o conteúdo do relatório mudou depois de assinado.',
    documentNoun: 'o relatório de inspeção técnica',
    numberLabel: 'Nº do RIT',
    concludedSubject: 'relatório assinado',
    noPdf: 'Não foi possível gerar o PDF agora: abra o relatório no portal.',
    photosLeftOut: 'As fotos do relatório ficaram fora do anexo por causa do tamanho; veja-as no portal.',
    distributionFooter: (obra) =>
      `Você recebe esta mensagem por estar na lista de distribuição da obra ${obra}. Para sair da lista, fale com o administrador de RDO da obra.`,
    reopenedSubject: 'relatório devolvido para correção',
    reopenedIntro: (by) =>
      `${by} devolveu o relatório de inspeção técnica para correção. O PDF que você recebeu não vale mais até o relatório ser emitido e assinado de novo.`,
    voidedSubject: 'relatório anulado',
    voidedIntro: (by) => `${by} anulou o relatório de inspeção técnica. O PDF que você recebeu não vale mais como registro.`,
    voidNoticeFooter: 'Você recebe esta mensagem por ter assinado este relatório ou por estar na lista de distribuição da obra.',
  },
};

registerSignedDocument(RIT_DOCUMENT);
wireSignedDocument(RIT_DOCUMENT, 'rit-anular-assinaturas');

/** "Concluir assinaturas" by hand: only once the inspector and the client's representative signed this content. */
registerGuard('rit-assinaturas-completas', async ({ trx, schema, row }) => {
  const hash = await storedContentHash(trx, schema, row);
  if (!isComplete(RIT_DOCUMENT, await signaturesOf(trx, schema.resource, Number(row.id)), hash)) {
    throw new ApiError(409, 'Faltam assinaturas: o RIT fica assinado quando o inspetor e o representante do cliente assinam.');
  }
});

registerAfter('rit-distribuir', async ({ trx, schema, row, actor, afterCommit }) => {
  const event = { kind: 'conclusao', by: actor.name || actor.email } as const;
  if (afterCommit) afterCommit((db) => distributeAfterCommit(db, schema, row, event));
  else await queueDistribution(trx, schema, row, event);
});
