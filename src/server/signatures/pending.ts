/**
 * Signing is pending work (issue 36; issue 40 for every document of record, documents.ts): a
 * document in a signed state waits for its first signer (the person its `signerField` names: the
 * daily report's site manager, the RIT's inspector, or whoever stands in for them), then for the
 * client's representative's. Each sees it in "Minhas pendências", the bell and the home page's queue
 * (the document's "Assinar diário" / "Assinar RIT", opening the record's signature dialog), and the
 * client's representatives of the site are mailed a button to it when the first signer has signed.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import { accessWhere } from '../access/rules-to-sql';
import type { Db } from '../db/connect';
import { enqueueMail } from '../mail/queue';
import { renderMailHtml, renderMailText, type MailLayout } from '../mail/html';
import { formatDateBr } from '../time';
import { recordUrl } from '../workflow/notify';
import { registerPendingWork, type PendingWork } from '../workflow/pending-work';
import { siteForDocument } from '../rdo/report-pdf';
import { signedDocument, type SignedDocument } from './documents';
import type { SignerRole } from './store';

/** The inbox action's name, the `?acao=` the record's page opens the signature dialog for. */
export const SIGN_ACTION_NAME = 'assinar';

/** A signature of `papel` in force on the record (the union's rows are `t`). */
const signedBy = (schema: EntitySchema, papel: SignerRole): RawBuilder<SqlBool> =>
  sql<SqlBool>`exists (select 1 from assinatura a where a.recurso = ${schema.resource} and a.registro_id = t.id and a.papel = ${papel} and a.anulada_em is null)`;

/** The document's signatures as pending work of its signers. */
export function signaturePendingWork(doc: SignedDocument): PendingWork {
  return {
    name: SIGN_ACTION_NAME,
    label: doc.texts.signAction,
    where(schema, actor) {
      const read = accessWhere(actor.ability, 'read', schema);
      if (read.forbidden) return undefined;
      const signed = sql<SqlBool>`${sql.ref(schema.workflow!.field)} in (${sql.join([...doc.signedIn])})`;
      // A document in a signed state cannot change (locked for everyone), so a signature in force still matches its content.
      if (actor.client) {
        if (!actor.roles.includes('representante_cliente') || !doc.order.includes('cliente')) return undefined;
        return sql<SqlBool>`(${read.where} and ${signed} and ${signedBy(schema, 'responsavel')} and not ${signedBy(schema, 'cliente')})`;
      }
      const mine = [...new Set([actor.email, ...(actor.emNomeDe ?? [])].map((m) => m.toLowerCase()).filter(Boolean))];
      if (!mine.length) return undefined;
      const first = sql<SqlBool>`(${sql.ref(doc.signerField)} ->> 'mail') in (${sql.join(mine)})`;
      return sql<SqlBool>`(${read.where} and ${signed} and ${first} and not ${signedBy(schema, 'responsavel')})`;
    },
  };
}

/** Called once per document of record (register.ts `wireSignedDocument`). */
export function registerSignaturePending(doc: SignedDocument): void {
  registerPendingWork(doc.entity, signaturePendingWork(doc));
}

/** Active client users holding `representante_cliente` on the report's site. */
async function representativesOf(db: Db, obra: string): Promise<string[]> {
  const r = await sql<{ email: string }>`
    select lower(email) as email from usuario
    where coalesce(ativo, true) and roles ? 'representante_cliente' and roles ? 'cliente' and obra ? ${obra}`.execute(db);
  return [...new Set(r.rows.map((x) => x.email))];
}

/**
 * Once the first signer has signed: each client's representative of the site is told the document
 * awaits their signature, with a button to it (the signature itself is given on the record's page).
 */
export async function askClientSignature(db: Db, schema: EntitySchema, row: Record<string, unknown>, signedByName: string): Promise<number> {
  const obra = String(row.obra ?? '');
  const to = await representativesOf(db, obra);
  if (!to.length) return 0;
  const site = await siteForDocument(db, obra);
  const doc = signedDocument(schema);
  const title = doc.title(row, site);
  const intro = `${signedByName} assinou ${doc.texts.documentNoun} como ${doc.labels.responsavel.toLowerCase()}. Falta a sua assinatura como ${doc.labels.cliente.toLowerCase()}.`;
  const layout: MailLayout = {
    preheader: intro,
    heading: `${title}: aguardando a sua assinatura`,
    intro: ['Olá,', intro],
    rows: [
      ['Obra', (typeof site?.nome === 'string' && site.nome) || obra],
      ['Data', formatDateBr(row.data)],
      [doc.texts.numberLabel, String(row.numero ?? '')],
    ],
    actionsNote: `${doc.texts.openToSign}, confira o conteúdo e assine (pede que você entre no portal com o seu usuário):`,
    buttons: [{ label: doc.texts.signAction, url: `${recordUrl(schema, row.id)}?acao=${SIGN_ACTION_NAME}`, tone: 'primary' }],
    footer: 'Mensagem automática do Portal. Não responda a este e-mail.',
  };
  for (const email of to) {
    await enqueueMail(db, {
      to: [email],
      subject: `[Portal] ${title}: aguardando a sua assinatura`,
      text: renderMailText(layout),
      html: renderMailHtml(layout),
      ref: `${schema.resource}/${String(row.id)}`,
    });
  }
  return to.length;
}
