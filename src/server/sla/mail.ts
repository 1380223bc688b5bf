/**
 * The SLA's e-mails (pt-BR, plain text and simple HTML): the reminder before a deadline and the
 * breach notice to the record's holder, the escalation to the declared roles and managers. Queued in the
 * caller's transaction (src/server/mail/queue.ts), with the claim of the event.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { enqueueMail } from '../mail/queue';
import type { SlaDecl } from '../../../schemas/sla-types';
import { formatDateTimeBr } from '../time';
import { stateLabel } from '../workflow/definition';
import { recordUrl, titleOf } from '../workflow/notify';

export type SlaEventKind = 'lembrete' | 'violacao' | 'escalonamento';

const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Active staff users holding one of the roles. */
export async function usersWithRoles(db: Db, roles: string[]): Promise<string[]> {
  if (!roles.length) return [];
  const r = await sql<{ email: string }>`
    select email from usuario
    where coalesce(ativo, true) and coalesce(tipo, '') not in ('cliente', 'fornecedor', 'escritorio')
      and roles ?| array[${sql.join(roles.map((x) => sql`${x}`))}]::text[]`.execute(db);
  return r.rows.map((x) => x.email.toLowerCase());
}

/** The managers (`gestor` of the user record) of these people, staff and active only. */
export async function managersOf(db: Db, people: string[]): Promise<string[]> {
  if (!people.length) return [];
  const r = await sql<{ email: string }>`
    select distinct lower(g.email) as email from usuario u
    join usuario g on lower(g.email) = lower(u.gestor ->> 'mail')
    where lower(u.email) in (${sql.join(people.map((x) => x.toLowerCase()))})
      and coalesce(g.ativo, true) and coalesce(g.tipo, '') not in ('cliente', 'fornecedor', 'escritorio')`.execute(db);
  return r.rows.map((x) => x.email);
}

/** Who receives a breach escalation: the declared roles and, when declared, the holders' managers. */
export async function escalationRecipients(db: Db, to: SlaDecl['escalateTo'], holders: string[]): Promise<string[]> {
  if (!to) return [];
  const [byRole, managers] = await Promise.all([usersWithRoles(db, to.roles), to.manager ? managersOf(db, holders) : []]);
  return [...new Set([...byRole, ...managers])];
}

/** `"Primeira resposta" (venceu em 28/11/2026 10:00) e "Resolução" (…)`: the targets of one message in pt-BR. */
function targetsText(metas: { label: string; prazo: string }[], verb: string): string {
  const parts = metas.map((m) => `"${m.label}" (${verb} em ${formatDateTimeBr(new Date(m.prazo))})`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} e ${parts[parts.length - 1]}` : parts[0];
}

/**
 * One message for the targets of one record that reached the same kind of event in one pass
 * (issue 36: a ticket whose first response and resolution were both late sent two identical subjects).
 */
export function slaMailContent(
  schema: EntitySchema,
  row: Record<string, unknown>,
  metaOrMetas: { label: string; prazo: string } | { label: string; prazo: string }[],
  kind: SlaEventKind,
  holders: string[],
): { subject: string; text: string; html: string } {
  const metas = Array.isArray(metaOrMetas) ? metaOrMetas : [metaOrMetas];
  const meta = metas[0];
  const title = titleOf(schema, row);
  const prazo = formatDateTimeBr(new Date(meta.prazo));
  const state = schema.workflow ? stateLabel(schema.workflow, row[schema.workflow.field]) : '';
  const url = recordUrl(schema, row.id);
  const several = metas.length > 1;
  const head =
    kind === 'lembrete'
      ? several
        ? `Os prazos de ${targetsText(metas, 'vence')} estão perto do fim.`
        : `O prazo de "${meta.label}" vence em ${prazo}.`
      : kind === 'violacao'
        ? several
          ? `Os prazos de ${targetsText(metas, 'venceu')} não foram cumpridos.`
          : `O prazo de "${meta.label}" venceu em ${prazo} e não foi cumprido.`
        : several
          ? `Escalonamento: os prazos de ${targetsText(metas, 'venceu')} não foram cumpridos.`
          : `Escalonamento: o prazo de "${meta.label}" venceu em ${prazo} e não foi cumprido.`;
  const subject =
    kind === 'lembrete'
      ? `[Portal] Lembrete de SLA: ${schema.label} ${title} vence em ${prazo}`
      : kind === 'violacao'
        ? `[Portal] SLA violado: ${schema.label} ${title}`
        : `[Portal] Escalonamento de SLA: ${schema.label} ${title}`;
  const lines = [
    'Olá,',
    '',
    head,
    '',
    `${schema.label}: ${title}`,
    ...(state ? [`Situação: ${state}`] : []),
    ...(kind === 'escalonamento' ? [`Responsável: ${holders.join(', ') || 'ninguém designado'}`] : []),
    '',
    `Abrir no portal: ${url}`,
    '',
    'Mensagem automática do Portal. Não responda.',
  ];
  const html = [
    '<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#222">',
    '<p>Olá,</p>',
    `<p><strong>${esc(head)}</strong></p>`,
    '<table style="border-collapse:collapse">',
    `<tr><td style="padding:2px 12px 2px 0;color:#666">${esc(schema.label)}</td><td>${esc(title)}</td></tr>`,
    ...(state ? [`<tr><td style="padding:2px 12px 2px 0;color:#666">Situação</td><td>${esc(state)}</td></tr>`] : []),
    `<tr><td style="padding:2px 12px 2px 0;color:#666">Prazo</td><td>${esc(prazo)}</td></tr>`,
    ...(kind === 'escalonamento'
      ? [`<tr><td style="padding:2px 12px 2px 0;color:#666">Responsável</td><td>${esc(holders.join(', ') || 'ninguém designado')}</td></tr>`]
      : []),
    '</table>',
    `<p><a href="${esc(url)}" style="display:inline-block;padding:8px 16px;background:#1677ff;color:#fff;text-decoration:none;border-radius:6px">Abrir no portal</a></p>`,
    '<p style="color:#888;font-size:12px">Mensagem automática do Portal. Não responda.</p>',
    '</body></html>',
  ].join('\n');
  return { subject, text: lines.join('\n'), html };
}

/**
 * The addresses that may receive an SLA message: the SLA is the company's own clock, so never an
 * external user (issue 36: a client was told its own approval was late) — a client, supplier or
 * partner firm holding the item is not written to; the escalation reaches the staff.
 */
export async function withoutExternal(db: Db, emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const r = await sql<{ email: string }>`
    select lower(email) as email from usuario
    where lower(email) in (${sql.join(emails.map((e) => e.toLowerCase()))})
      and (coalesce(tipo, '') in ('cliente', 'fornecedor', 'escritorio') or roles ? 'cliente')`.execute(db);
  const external = new Set(r.rows.map((x) => x.email));
  return emails.filter((e) => !external.has(e.toLowerCase()));
}

export async function queueSlaMail(
  trx: Db,
  schema: EntitySchema,
  row: Record<string, unknown>,
  meta: { label: string; prazo: string } | { label: string; prazo: string }[],
  kind: SlaEventKind,
  to: string[],
  holders: string[],
): Promise<void> {
  if (!to.length) return;
  const { subject, text, html } = slaMailContent(schema, row, meta, kind, holders);
  await enqueueMail(trx, { to, subject, text, html, ref: `${schema.resource}/${String(row.id)}` });
}
