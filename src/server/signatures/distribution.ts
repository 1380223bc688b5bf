/**
 * The site's distribution list (`configuracaoRdo.distribuicao`) receives a document of record's PDF
 * (documents.ts): the daily report's when it is concluded and after each signature (issue 26), the
 * RIT's once fully signed (issue 40): one message per event, with the
 * document attached, queued (src/server/mail) once the event is committed (`distributeAfterCommit`),
 * so that rendering the PDF does not hold the report's row lock nor a connection of the pool inside
 * the event's transaction. A document too large to attach with its photos is attached without
 * them (they stay in the portal); should rendering fail, the message goes without the document.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import { EMAIL_PATTERN } from '../../../schemas/messages';
import type { Db } from '../db/connect';
import { enqueueMail, MAX_ATTACHMENTS_BASE64 } from '../mail/queue';
import { renderMailHtml, renderMailText, type MailLayout } from '../mail/html';
import type { FileStorage } from '../storage/storage';
import { recordUrl } from '../workflow/notify';
import { formatDateBr, formatDateTimeBr } from '../time';
import { siteForDocument } from '../rdo/report-pdf';
import { signedDocument } from './documents';
import { pdfSignatureBlock, verificationUrl } from './pdf-block';
import type { SignerRole } from './store';

type Row = Record<string, unknown>;

let documentStorage: FileStorage | undefined;
/** Where the distributed documents read the report's photos from (set when the routes are mounted, src/server/app.ts). */
export function useDocumentStorage(storage: FileStorage): void {
  documentStorage = storage;
}

/** The site's distribution list (valid e-mails only). */
export async function distributionList(db: Db, obra: string): Promise<string[]> {
  const row = (await db.selectFrom('configuracaoRdo').select('distribuicao').where('obra', '=', obra).executeTakeFirst()) as
    { distribuicao?: unknown } | undefined;
  const list = Array.isArray(row?.distribuicao) ? (row.distribuicao as unknown[]) : [];
  return [...new Set(list.filter((m): m is string => typeof m === 'string' && EMAIL_PATTERN.test(m.trim())).map((m) => m.trim().toLowerCase()))];
}

export type DistributionEvent = { kind: 'conclusao'; by: string } | { kind: 'assinatura'; papel: SignerRole; nome: string };

/**
 * Queues the report's PDF to its site's distribution list (nothing when the list is empty). `row`:
 * the report as stored at the event. `withPdf: false`: the message without the document.
 */
export async function queueDistribution(db: Db, schema: EntitySchema, row: Row, event: DistributionEvent, opts: { withPdf?: boolean } = {}): Promise<void> {
  const doc = signedDocument(schema);
  const texts = doc.texts;
  const obra = String(row.obra ?? '');
  const to = await distributionList(db, obra);
  if (!to.length) return;
  const site = await siteForDocument(db, obra);
  const signatures = await pdfSignatureBlock(db, schema, row);
  let pdf: Buffer | undefined;
  let photosLeftOut = false;
  if (opts.withPdf !== false) {
    pdf = await doc.render(db, documentStorage, row, { signatures, site });
    if (Math.ceil(pdf.length / 3) * 4 > MAX_ATTACHMENTS_BASE64) {
      pdf = await doc.render(db, undefined, row, { signatures, site });
      photosLeftOut = true;
    }
  }
  const title = doc.title(row, site);
  const attached = pdf ? (event.kind === 'conclusao' ? 'O documento segue anexo em PDF.' : 'O documento assinado segue anexo em PDF.') : texts.noPdf;
  const what =
    event.kind === 'conclusao'
      ? { subject: `${title}: ${texts.concludedSubject}`, intro: `${event.by} concluiu ${texts.documentNoun}. ${attached}` }
      : {
          subject: `${title}: assinado (${doc.labels[event.papel]})`,
          intro: `${event.nome} assinou ${texts.documentNoun} como ${doc.labels[event.papel].toLowerCase()}. ${attached}`,
        };
  const signed = signatures.items.filter((s) => !s.anulada);
  const layout: MailLayout = {
    preheader: what.intro,
    heading: title,
    intro: [what.intro, ...(photosLeftOut ? [texts.photosLeftOut] : [])],
    rows: [
      ['Obra', (typeof site?.nome === 'string' && site.nome) || obra],
      ['Data', formatDateBr(row.data)],
      [texts.numberLabel, String(row.numero ?? '')],
      ['Assinaturas', signed.length ? signed.map((s) => `${s.papel}: ${s.nome} em ${formatDateTimeBr(new Date(s.em))}`).join('\n') : 'Ainda não assinado'],
      ...(signatures.codigo ? ([['Código de verificação', signatures.codigo]] as [string, string][]) : []),
    ],
    links: [
      { label: 'Abrir no portal', url: recordUrl(schema, row.id) },
      ...(signatures.codigo ? [{ label: 'Verificar a autenticidade', url: verificationUrl(signatures.codigo) }] : []),
    ],
    footer: texts.distributionFooter(obra),
  };
  await enqueueMail(db, {
    to,
    subject: what.subject,
    text: renderMailText(layout),
    html: renderMailHtml(layout),
    ref: `${schema.resource}/${String(row.id)}`,
    attachments: pdf ? [{ nome: doc.fileName(row), tipo: 'application/pdf', conteudoBase64: pdf.toString('base64') }] : [],
  });
}

/**
 * The distribution of an event already committed (`db`: the pool, not the event's transaction):
 * `row` is the report as the event stored it. A failure to render sends the message without the
 * document; a failure to queue is logged (the event stays done).
 */
export async function distributeAfterCommit(db: Db, schema: EntitySchema, row: Row, event: DistributionEvent): Promise<void> {
  try {
    await queueDistribution(db, schema, row, event);
  } catch (e) {
    console.error(`[assinaturas] falha ao gerar o PDF de distribuição de ${schema.resource}/${String(row.id)}:`, e);
    try {
      await queueDistribution(db, schema, row, event, { withPdf: false });
    } catch (e2) {
      console.error(`[assinaturas] falha ao enfileirar a distribuição de ${schema.resource}/${String(row.id)}:`, e2);
    }
  }
}
