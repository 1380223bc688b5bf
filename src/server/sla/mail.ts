/**
 * The SLA's e-mails (pt-BR, the portal's template: src/server/mail/html.ts): one message per person
 * listing every item of theirs that reached an event — a deadline near its end (reminder), a
 * deadline missed (breach, to the holder), someone else's missed deadline (escalation, to the
 * declared roles and managers). A write sends its record's at once; the frequent pass gathers
 * everyone's and sends each person one message (src/server/sla/notices.ts). Never to an external
 * user: the SLA is the company's own clock.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { notifyPeople } from '../notifications/dispatch';
import { renderMailHtml, renderMailText, type MailLayout } from '../mail/html';
import type { SlaDecl } from '../../../schemas/sla-types';
import { serverConfig } from '../config';
import { formatDateTimeBr } from '../time';
import { stateLabel } from '../workflow/definition';
import { recordUrl, titleOf } from '../workflow/notify';

export type SlaEventKind = 'lembrete' | 'violacao' | 'escalonamento';

/** Items listed in one message (the rest is counted). */
export const SLA_MAIL_ITEMS = 50;

/** One line of a message: the targets of one record that reached one kind of event. */
export interface SlaNotice {
  kind: SlaEventKind;
  resource: string;
  id: number;
  /** The entity's label ("Ticket de pós-venda"). */
  entity: string;
  title: string;
  /** The record's state, as people read it. */
  state: string;
  url: string;
  metas: { label: string; prazo: string }[];
  /** Who holds the record (named in an escalation). */
  holders: string[];
}

/** The notice of a record's targets that reached one kind of event. */
export function noticeOf(
  schema: EntitySchema,
  row: Record<string, unknown>,
  kind: SlaEventKind,
  metas: { label: string; prazo: string }[],
  holders: string[],
): SlaNotice {
  return {
    kind,
    resource: schema.resource,
    id: Number(row.id),
    entity: schema.label,
    title: titleOf(schema, row),
    state: schema.workflow ? stateLabel(schema.workflow, row[schema.workflow.field]) : '',
    url: recordUrl(schema, row.id),
    metas,
    holders,
  };
}

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

const and = (parts: string[]) => (parts.length > 1 ? `${parts.slice(0, -1).join(', ')} e ${parts[parts.length - 1]}` : (parts[0] ?? ''));
const when = (prazo: string) => formatDateTimeBr(new Date(prazo));

/** `"Primeira resposta" (venceu em 28/11/2026 10:00) e "Resolução" (…)`: the targets of one line. */
function targetsText(metas: SlaNotice['metas'], verb: string): string {
  return and(metas.map((m) => `"${m.label}" (${verb} em ${when(m.prazo)})`));
}

/** The sentence of one notice: what happened to which targets. */
function sentence(n: SlaNotice): string {
  const [m] = n.metas;
  const several = n.metas.length > 1;
  if (n.kind === 'lembrete')
    return several ? `Os prazos de ${targetsText(n.metas, 'vence')} estão perto do fim.` : `O prazo de "${m.label}" vence em ${when(m.prazo)}.`;
  const missed = several
    ? `os prazos de ${targetsText(n.metas, 'venceu')} não foram cumpridos.`
    : `o prazo de "${m.label}" venceu em ${when(m.prazo)} e não foi cumprido.`;
  return n.kind === 'violacao' ? missed.charAt(0).toUpperCase() + missed.slice(1) : `Escalonamento: ${missed}`;
}

/** The detail line of a notice in a list: the sentence, the state and, for an escalation, who holds it. */
function detail(n: SlaNotice): string {
  const parts = [sentence(n)];
  if (n.state) parts.push(`Situação: ${n.state}`);
  if (n.kind === 'escalonamento') parts.push(`Responsável: ${n.holders.join(', ') || 'ninguém designado'}`);
  return parts.join(' · ');
}

const ORDER: Record<SlaEventKind, number> = { violacao: 0, escalonamento: 1, lembrete: 2 };
const earliest = (n: SlaNotice) => n.metas.map((m) => m.prazo).sort()[0] ?? '';

/** "2 itens com prazo vencido, 1 com prazo perto do fim e 1 escalonamento": the lines of a message, by kind. */
function counted(notices: SlaNotice[]): string {
  const count = (k: SlaEventKind) => notices.filter((n) => n.kind === k).length;
  const [v, l, e] = [count('violacao'), count('lembrete'), count('escalonamento')];
  const items = (n: number) => (n === 1 ? '1 item' : `${n} itens`);
  return and([
    ...(v ? [`${items(v)} com prazo vencido`] : []),
    ...(l ? [`${v ? l : items(l)} com prazo perto do fim`] : []),
    ...(e ? [e === 1 ? '1 escalonamento' : `${e} escalonamentos`] : []),
  ]);
}

/** "prazo vencido e prazo perto do fim": what happened to one record, by kind. */
function kindsOf(notices: SlaNotice[]): string {
  const phrase: Record<SlaEventKind, (n: SlaNotice) => string> = {
    violacao: (n) => (n.metas.length > 1 ? 'prazos vencidos' : 'prazo vencido'),
    escalonamento: () => 'escalonamento',
    lembrete: (n) => (n.metas.length > 1 ? 'prazos perto do fim' : 'prazo perto do fim'),
  };
  return and(notices.map((n) => phrase[n.kind](n)));
}

/** One person's message: every notice of theirs from one pass (or one write), most urgent first. */
export function slaMailContent(all: SlaNotice[]): { subject: string; text: string; html: string; ref: string; summary: string; url: string } {
  const notices = [...all].sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || earliest(a).localeCompare(earliest(b)) || a.id - b.id);
  const records = new Set(notices.map((n) => `${n.resource}/${n.id}`));
  const [first] = notices;
  const name = `${first.entity} ${first.title}`;
  let subject: string;
  let heading: string;
  if (notices.length === 1) {
    subject =
      first.kind === 'lembrete'
        ? `[Portal] Lembrete de SLA: ${name} vence em ${when(earliest(first))}`
        : first.kind === 'violacao'
          ? `[Portal] SLA violado: ${name}`
          : `[Portal] Escalonamento de SLA: ${name}`;
    heading = first.kind === 'lembrete' ? 'Prazo perto do fim' : first.kind === 'violacao' ? 'Prazo não cumprido' : 'Escalonamento de prazo';
  } else if (records.size === 1) {
    subject = `[Portal] Prazos de SLA de ${name}: ${kindsOf(notices)}`;
    heading = 'Prazos de SLA';
  } else {
    subject = `[Portal] Prazos de SLA: ${counted(notices)}`;
    heading = 'Prazos de SLA';
  }
  const listed = notices.slice(0, SLA_MAIL_ITEMS);
  const rest = notices.length - listed.length;
  const intro =
    notices.length === 1
      ? [sentence(first)]
      : [
          `${counted(notices)[0].toUpperCase()}${counted(notices).slice(1)}:`,
          ...(rest > 0 ? [`Abaixo, os ${listed.length} mais urgentes; há mais ${rest}.`] : []),
        ];
  const layout: MailLayout = {
    preheader: notices.length === 1 ? sentence(first) : counted(notices),
    heading,
    intro: ['Olá,', ...intro],
    items: listed.map((n) => ({ title: `${n.entity} ${n.title}`, detail: detail(n), url: n.url, late: n.kind !== 'lembrete' })),
    links:
      records.size === 1
        ? [{ label: 'Abrir no portal', url: first.url }]
        : [{ label: 'Abrir Minhas pendências', url: `${serverConfig().publicUrl}/pendencias` }],
    footer: 'Mensagem automática do Portal: os prazos que chegaram ao lembrete, venceram ou foram escalonados desde a verificação anterior. Não responda.',
  };
  return {
    subject,
    text: renderMailText(layout),
    html: renderMailHtml(layout),
    ref: records.size === 1 ? `${first.resource}/${first.id}` : 'sla',
    summary: layout.preheader ?? heading,
    url: layout.links![0].url,
  };
}

/**
 * Tells each person (`byPerson`: e-mail → their notices), in the caller's transaction, through the
 * notification dispatch (src/server/notifications/dispatch.ts): the message by e-mail, push and the
 * daily digest as the person chose for SLA notices. Returns how many people were told.
 */
export async function queueSlaMails(trx: Db, byPerson: Map<string, SlaNotice[]>): Promise<number> {
  const contents = new Map([...byPerson].filter(([, notices]) => notices.length).map(([to, notices]) => [to.toLowerCase(), slaMailContent(notices)]));
  await notifyPeople(trx, [...contents.keys()], (to) => {
    const { subject, text, html, ref, summary, url } = contents.get(to)!;
    return { kind: 'sla', mail: { subject, text, html, ref }, title: subject.replace(/^\[Portal\] /, ''), body: summary, url, tag: ref };
  });
  return contents.size;
}
