/**
 * The daily digest (issue 25): each active person of the directory with pending items receives one
 * e-mail of what waits for them ("Minhas pendências", most urgent first), unless they switched it
 * off in their profile (`preferencia_usuario.resumo_diario`), followed by the notices they chose to
 * receive in the digest since the previous one (issue 41, src/server/jobs/digest-notices.ts). Run by the daily job runner, so once
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
import { digestNotices } from './digest-notices';

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
  // The notices each person chose to receive here (issue 41).
  const notices = await digestNotices(trx, day);
  let enviados = 0;
  let desligados = 0;
  const base = serverConfig().publicUrl;
  for (const [email, actor] of people) {
    const extra = notices.get(email);
    if (optedOut.has(email)) desligados++;
    const { total, items } = optedOut.has(email)
      ? { total: 0, items: [] as Pendencia[] }
      : await listPendencias(trx, schemas, actor, { start: '0', end: String(DIGEST_ITEMS), sort: 'due', order: 'asc' });
    if (!total && !extra) continue;
    const late = items.filter((p) => p.overdue).length;
    const bySchema = new Map(schemas.map((s) => [s.resource, s]));
    const count = total === 1 ? '1 item aguarda você' : `${total} itens aguardam você`;
    const told = extra ? (extra.total === 1 ? '1 aviso desde o último resumo' : `${extra.total} avisos desde o último resumo`) : '';
    const summary = [
      total ? (late ? `${count} no Portal; ${late} com prazo vencido.` : `${count} no Portal.`) : '',
      told ? `${told[0].toUpperCase()}${told.slice(1)}.` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const layout: MailLayout = {
      preheader: summary,
      heading: total ? `Suas pendências em ${formatDateBr(day)}` : `Seu resumo de ${formatDateBr(day)}`,
      intro: [`Olá${actor.name ? `, ${actor.name}` : ''},`, summary],
      items: [
        ...items.map((p) => {
          const schema = bySchema.get(p.resource);
          return { title: `${p.label} ${p.title}`, detail: detailOf(p), url: schema ? recordUrl(schema, p.id) : `${base}/pendencias`, late: p.overdue };
        }),
        ...(extra?.items ?? []),
      ],
      links: [{ label: total > items.length ? `Ver todas as ${total} pendências` : 'Abrir Minhas pendências', url: `${base}/pendencias` }],
      footer:
        'Mensagem automática do Portal, enviada uma vez por dia. Para escolher o que entra neste resumo, ou não recebê-lo mais, use Perfil > Notificações, no portal.',
    };
    await enqueueMail(trx, {
      to: [email],
      subject: total ? `[Portal] Suas pendências: ${count}` : `[Portal] Seu resumo: ${told}`,
      text: renderMailText(layout),
      html: renderMailHtml(layout),
      ref: `resumo-diario/${day}`,
    });
    enviados++;
  }
  return { enviados, desligados };
}
