/**
 * The notice that a distributed document of record (documents.ts) no longer stands as it was sent
 * (issue 36; the RIT's, issue 40): when a concluded daily report or an issued RIT is reopened (its signatures voided) or an administrator voids it, everyone who
 * received its PDF (the site's distribution list) and everyone who signed it is told, with what
 * happened, by whom, why, and the verification link. One message per recipient, never to the
 * person who took the step; queued in the step's transaction, so it leaves only if the step holds.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { enqueueMail } from '../mail/queue';
import { renderMailHtml, renderMailText, type MailLayout } from '../mail/html';
import { recordUrl } from '../workflow/notify';
import { formatDateBr } from '../time';
import { siteForDocument } from '../rdo/report-pdf';
import { verificationUrl } from './pdf-block';
import { distributionList } from './distribution';
import { signedDocument } from './documents';
import { codeOf, signaturesOf } from './store';

type Row = Record<string, unknown>;

export interface VoidNotice {
  kind: 'reaberto' | 'anulado';
  /** Who took the step (name, else e-mail) and their address (not told of their own step). */
  by: string;
  byEmail: string;
  /** The step's comment: the reason. */
  motivo: string | null;
}

/**
 * Who is told: the distribution list and every signer of the report (voided signatures included),
 * without the actor nor the record's owner (the report's site manager, the RIT's inspector), whom the
 * step's own message tells (the workflow notifies them with the reason): one message per person per event.
 */
export async function voidNoticeRecipients(db: Db, schema: EntitySchema, row: Row, actorEmail: string): Promise<string[]> {
  const list = await distributionList(db, String(row.obra ?? ''));
  const signers = (await signaturesOf(db, schema.resource, Number(row.id))).map((s) => s.email.trim().toLowerCase());
  const mail = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
  const skip = new Set([mail(actorEmail), mail(signedDocument(schema).ownerMail(row))]);
  return [...new Set([...list, ...signers])].filter((m) => m && !skip.has(m));
}

/** Queues the notice to each recipient (nothing when the report was never distributed nor signed). */
export async function queueVoidNotice(db: Db, schema: EntitySchema, row: Row, notice: VoidNotice): Promise<number> {
  const to = await voidNoticeRecipients(db, schema, row, notice.byEmail);
  if (!to.length) return 0;
  const doc = signedDocument(schema);
  const site = await siteForDocument(db, String(row.obra ?? ''));
  const title = doc.title(row, site);
  const code = await codeOf(db, schema.resource, Number(row.id));
  const signed = (await signaturesOf(db, schema.resource, Number(row.id))).length > 0;
  const voidedSignatures = signed ? ' As assinaturas do documento foram anuladas.' : '';
  const what =
    notice.kind === 'anulado'
      ? { subject: `${title}: ${doc.texts.voidedSubject}`, intro: `${doc.texts.voidedIntro(notice.by)}${voidedSignatures}` }
      : { subject: `${title}: ${doc.texts.reopenedSubject}`, intro: `${doc.texts.reopenedIntro(notice.by)}${voidedSignatures}` };
  const layout: MailLayout = {
    preheader: what.intro,
    heading: title,
    intro: [what.intro],
    rows: [
      ['Obra', (typeof site?.nome === 'string' && site.nome) || String(row.obra ?? '')],
      ['Data', formatDateBr(row.data)],
      [doc.texts.numberLabel, String(row.numero ?? '')],
      ['Motivo', notice.motivo?.trim() || 'Não informado'],
      ...(code ? ([['Código de verificação', code]] as [string, string][]) : []),
    ],
    links: [
      { label: 'Abrir no portal', url: recordUrl(schema, row.id) },
      ...(code ? [{ label: 'Verificar a situação do documento', url: verificationUrl(code) }] : []),
    ],
    footer: doc.texts.voidNoticeFooter,
  };
  for (const rcpt of to) {
    await enqueueMail(db, {
      to: [rcpt],
      subject: what.subject,
      text: renderMailText(layout),
      html: renderMailHtml(layout),
      ref: `${schema.resource}/${String(row.id)}`,
      attachments: [],
    });
  }
  return to.length;
}
