/**
 * Signing is pending work (issue 36): a concluded daily report waits for its site manager's
 * signature, then for the client's representative's. Each sees it in "Minhas pendências", the bell
 * and the home page's queue ("Assinar diário", opening the report's signature dialog), and the
 * client's representatives of the site are mailed a button to it when the site manager has signed.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import { RDO_CONCLUDED } from '../../../schemas/diario';
import { accessWhere } from '../access/rules-to-sql';
import type { Db } from '../db/connect';
import { enqueueMail } from '../mail/queue';
import { renderMailHtml, renderMailText, type MailLayout } from '../mail/html';
import { formatDateBr } from '../time';
import { recordUrl } from '../workflow/notify';
import { registerPendingWork } from '../workflow/pending-work';
import { siteForDocument } from '../rdo/report-pdf';
import { documentTitle } from './distribution';
import { SIGNER_LABEL } from './signers';
import type { SignerRole } from './store';

/** The inbox action, and the `?acao=` the report's page opens the signature dialog for. */
export const SIGN_ACTION = { name: 'assinar', label: 'Assinar diário' } as const;

/** A signature of `papel` in force on the report (the union's rows are `t`). */
const signedBy = (schema: EntitySchema, papel: SignerRole): RawBuilder<SqlBool> =>
  sql<SqlBool>`exists (select 1 from assinatura a where a.recurso = ${schema.resource} and a.registro_id = t.id and a.papel = ${papel} and a.anulada_em is null)`;

registerPendingWork('diario', {
  ...SIGN_ACTION,
  where(schema, actor) {
    const read = accessWhere(actor.ability, 'read', schema);
    if (read.forbidden) return undefined;
    const concluded = sql<SqlBool>`${sql.ref(schema.workflow!.field)} in (${sql.join(RDO_CONCLUDED)})`;
    // A concluded report cannot change (locked for everyone), so a signature in force still matches its content.
    if (actor.client) {
      if (!actor.roles.includes('representante_cliente')) return undefined;
      return sql<SqlBool>`(${read.where} and ${concluded} and ${signedBy(schema, 'responsavel')} and not ${signedBy(schema, 'cliente')})`;
    }
    const mine = [...new Set([actor.email, ...(actor.emNomeDe ?? [])].map((m) => m.toLowerCase()).filter(Boolean))];
    if (!mine.length) return undefined;
    const manager = sql<SqlBool>`("siteManager" ->> 'mail') in (${sql.join(mine)})`;
    return sql<SqlBool>`(${read.where} and ${concluded} and ${manager} and not ${signedBy(schema, 'responsavel')})`;
  },
});

/** Active client users holding `representante_cliente` on the report's site. */
async function representativesOf(db: Db, obra: string): Promise<string[]> {
  const r = await sql<{ email: string }>`
    select lower(email) as email from usuario
    where coalesce(ativo, true) and roles ? 'representante_cliente' and roles ? 'cliente' and obra ? ${obra}`.execute(db);
  return [...new Set(r.rows.map((x) => x.email))];
}

/**
 * Once the site manager has signed: each client's representative of the site is told the report
 * awaits their signature, with a button to it (the signature itself is given on the report's page).
 */
export async function askClientSignature(db: Db, schema: EntitySchema, row: Record<string, unknown>, signedByName: string): Promise<number> {
  const obra = String(row.obra ?? '');
  const to = await representativesOf(db, obra);
  if (!to.length) return 0;
  const site = await siteForDocument(db, obra);
  const title = documentTitle(row, site);
  const intro = `${signedByName} assinou o diário de obra como ${SIGNER_LABEL.responsavel.toLowerCase()}. Falta a sua assinatura como ${SIGNER_LABEL.cliente.toLowerCase()}.`;
  const layout: MailLayout = {
    preheader: intro,
    heading: `${title}: aguardando a sua assinatura`,
    intro: ['Olá,', intro],
    rows: [
      ['Obra', (typeof site?.nome === 'string' && site.nome) || obra],
      ['Data', formatDateBr(row.data)],
      ['Nº do RDO', String(row.numero ?? '')],
    ],
    actionsNote: 'Abra o diário, confira o conteúdo e assine (pede que você entre no portal com o seu usuário):',
    buttons: [{ label: SIGN_ACTION.label, url: `${recordUrl(schema, row.id)}?acao=${SIGN_ACTION.name}`, tone: 'primary' }],
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
