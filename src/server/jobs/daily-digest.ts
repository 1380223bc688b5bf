/**
 * The daily digest (issue 25): each active person of the directory with pending items receives one
 * e-mail of what waits for them ("Minhas pendências", most urgent first), unless they switched it
 * off in their profile (`preferencia_usuario.resumo_diario`). Run by the daily job runner, so once
 * per day whatever the number of server processes; the messages are queued in the job's transaction.
 */
import { sql } from 'kysely';
import { SCHEMAS } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { enqueueMail } from '../mail/queue';
import { renderMailHtml, renderMailText, type MailLayout } from '../mail/html';
import { serverConfig } from '../config';
import { formatDateBr, formatDateTimeBr } from '../time';
import { mailActors } from '../workflow/mail-actors';
import { recordUrl } from '../workflow/notify';
import { listPendencias, type Pendencia } from '../workflow/pendencias';

/** Items listed in one message (the rest is counted, with a link to the full list). */
export const DIGEST_ITEMS = 30;

function detailOf(p: Pendencia): string {
  const parts = [p.stateLabel];
  if (p.obra) parts.push(`Obra ${p.obra}`);
  if (p.due) parts.push(p.overdue ? `Prazo vencido em ${formatDateTimeBr(new Date(p.due))}` : `Prazo: ${formatDateTimeBr(new Date(p.due))}`);
  else parts.push(`Aguarda desde ${formatDateBr(p.since.slice(0, 10))}`);
  const labels = p.actions?.length ? p.actions.map((a) => a.label) : p.transitions;
  if (labels.length) parts.push(labels.join(', '));
  return parts.join(' · ');
}

export async function dailyDigestJob(trx: Db, day: string, schemas: EntitySchema[] = SCHEMAS): Promise<{ enviados: number; desligados: number }> {
  const people = await mailActors(trx, schemas);
  const off = await sql<{ email: string }>`select email from preferencia_usuario where not resumo_diario`.execute(trx);
  const optedOut = new Set(off.rows.map((r) => r.email.toLowerCase()));
  let enviados = 0;
  let desligados = 0;
  const base = serverConfig().publicUrl;
  for (const [email, actor] of people) {
    if (optedOut.has(email)) {
      desligados++;
      continue;
    }
    const { total, items } = await listPendencias(trx, schemas, actor, { start: '0', end: String(DIGEST_ITEMS), sort: 'due', order: 'asc' });
    if (!total) continue;
    const late = items.filter((p) => p.overdue).length;
    const bySchema = new Map(schemas.map((s) => [s.resource, s]));
    const count = total === 1 ? '1 item aguarda você' : `${total} itens aguardam você`;
    const layout: MailLayout = {
      preheader: late ? `${count}, ${late} com prazo vencido.` : `${count}.`,
      heading: `Suas pendências em ${formatDateBr(day)}`,
      intro: [`Olá${actor.name ? `, ${actor.name}` : ''},`, late ? `${count} no Portal; ${late} com prazo vencido.` : `${count} no Portal.`],
      items: items.map((p) => {
        const schema = bySchema.get(p.resource);
        return { title: `${p.label} ${p.title}`, detail: detailOf(p), url: schema ? recordUrl(schema, p.id) : `${base}/pendencias`, late: p.overdue };
      }),
      links: [{ label: total > items.length ? `Ver todas as ${total} pendências` : 'Abrir Minhas pendências', url: `${base}/pendencias` }],
      footer: 'Mensagem automática do Portal, enviada uma vez por dia. Para não receber mais este resumo, desligue-o em Perfil > E-mails, no portal.',
    };
    await enqueueMail(trx, {
      to: [email],
      subject: `[Portal] Suas pendências: ${count}`,
      text: renderMailText(layout),
      html: renderMailHtml(layout),
      ref: `resumo-diario/${day}`,
    });
    enviados++;
  }
  return { enviados, desligados };
}
