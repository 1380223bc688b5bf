/**
 * Who hears of a transition, and what they read: the people who must act in the new state (its
 * assignees, or the users of its inbox roles when none is named), plus the fields the transition
 * names (the client's contact, the reporter…). The actor is never told of their own step.
 * Each recipient gets one message (HTML with a plain-text part, src/server/mail/html.ts): the
 * record's summary, its due date, the comment, a link to it and one signed button per step the
 * recipient may take in the new state (src/server/workflow/action-link.ts).
 * Messages are queued in the same transaction (src/server/mail); sending never blocks the step.
 * Each recipient is told through the notification dispatch (src/server/notifications/dispatch.ts),
 * which follows their preferences for the kind: a new pending item, or what the step declares
 * (`notifyAs`: a document approved or rejected).
 */
import { sql } from 'kysely';
import { ADMIN_TRANSITION, type EntitySchema, type FieldDef, type WorkflowTransition } from '../../../schemas/kinds';
import { entityPaths } from '../../../resources/routes';
import type { Db } from '../db/connect';
import { notifyPerson } from '../notifications/dispatch';
import { serverConfig } from '../config';
import { renderMailHtml, renderMailText, type MailButton, type MailLayout } from '../mail/html';
import { formatDateBr, formatDateTimeBr } from '../time';
import { availableTransitions, stateLabel, stateOf, personMail, type WorkflowActor } from './definition';
import { ACTION_LINK_DAYS, actionLinkUrl, signActionLink } from './action-link';
import { mailActors } from './mail-actors';

/** Users holding one of the roles (clients only for the record's site). */
async function usersWithRoles(trx: Db, roles: string[], obra: unknown): Promise<string[]> {
  if (!roles.length) return [];
  const r = await sql<{ email: string }>`
    select email from usuario
    where coalesce(ativo, true) and roles ?| array[${sql.join(roles.map((r) => sql`${r}`))}]::text[]
      and (tipo <> 'cliente' or (${obra ?? null}::text is not null and obra ? ${obra ?? ''}::text))`.execute(trx);
  return r.rows.map((x) => x.email.toLowerCase());
}

export async function recipients(trx: Db, schema: EntitySchema, after: Record<string, unknown>, notify: string[] = [], actorEmail?: string): Promise<string[]> {
  const wf = schema.workflow!;
  const state = stateOf(wf, after[wf.field]);
  const out = new Set<string>();
  const add = (m: string | undefined) => m && out.add(m);
  const named = (state?.assignees ?? []).map((f) => personMail(after[f])).filter(Boolean) as string[];
  named.forEach(add);
  if (!named.length && !state?.final) {
    for (const m of await usersWithRoles(trx, wf.roleInbox?.[state?.value ?? ''] ?? [], schema.obraField ? after[schema.obraField] : null)) add(m);
  }
  for (const f of notify) add(personMail(after[f]));
  if (actorEmail) out.delete(actorEmail.toLowerCase());
  return [...out];
}

/** The record's title as people read it. */
export function titleOf(schema: EntitySchema, row: Record<string, unknown>): string {
  const v = row[schema.titleField];
  const f = schema.fields.find((x) => x.name === schema.titleField);
  if (f?.kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return v.split('-').reverse().join('/');
  return v === null || v === undefined || v === '' ? `#${String(row.id)}` : String(v);
}

/** Link to the record's page in the portal. */
export function recordUrl(schema: EntitySchema, id: unknown): string {
  const show = entityPaths(schema).show;
  const path = show ? show.replace(':id', encodeURIComponent(String(id))) : '/pendencias';
  return `${serverConfig().publicUrl}${path}`;
}

/** A field's value as people read it in a message ('' when there is nothing to show). */
function fieldText(field: FieldDef, value: unknown, external: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'date':
      return formatDateBr(value);
    case 'datetime':
      return value instanceof Date || typeof value === 'string' ? formatDateTimeBr(new Date(value as string)) : '';
    case 'money':
      return typeof value === 'number' || typeof value === 'string' ? BRL.format(Number(value)) : '';
    case 'integer':
    case 'decimal':
      return typeof value === 'number' || typeof value === 'string' ? NUMBER.format(Number(value)) : '';
    case 'boolean':
      return value === true ? 'Sim' : value === false ? 'Não' : '';
    case 'person': {
      const p = value as { nome?: unknown; mail?: unknown };
      // Decision 29: external readers get people by name only.
      return typeof p.nome === 'string' && p.nome ? p.nome : !external && typeof p.mail === 'string' ? p.mail : '';
    }
    case 'tags':
      return Array.isArray(value) ? value.filter((x) => typeof x === 'string').join(', ') : '';
    case 'text':
    case 'email':
    case 'enum':
      return external && field.kind === 'email' ? '' : String(value).slice(0, 200);
    default:
      return '';
  }
}

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const NUMBER = new Intl.NumberFormat('pt-BR');
const SUMMARY_FIELDS = 5;

/** The site's name, for the summary ("101 – Subestação …"). */
async function siteText(trx: Db, schema: EntitySchema, row: Record<string, unknown>): Promise<string | undefined> {
  if (!schema.obraField || schema.name === 'obra') return undefined;
  const id = row[schema.obraField];
  if (id === null || id === undefined || id === '') return undefined;
  const r = await sql<{ nome: string | null }>`select nome from obra where "Id_Lista"::text = ${String(id)}`.execute(trx);
  const nome = r.rows[0]?.nome;
  return nome ? `${String(id)} – ${nome}` : String(id);
}

/** The record's summary rows: entity, title, site, state and a few of its listed fields. */
export async function summaryRows(trx: Db, schema: EntitySchema, row: Record<string, unknown>, external: boolean): Promise<[string, string][]> {
  const wf = schema.workflow;
  const rows: [string, string][] = [
    ['Registro', schema.label],
    ['Título', titleOf(schema, row)],
  ];
  const site = await siteText(trx, schema, row);
  if (site) rows.push(['Obra', site]);
  if (wf) rows.push(['Situação', stateLabel(wf, row[wf.field])]);
  const skip = new Set([schema.titleField, schema.obraField, wf?.field, DUE_FIELD]);
  let n = 0;
  for (const f of schema.fields) {
    if (n >= SUMMARY_FIELDS) break;
    if (!f.list || f.hidden || skip.has(f.name) || (external && f.internal)) continue;
    const text = fieldText(f, row[f.name], external);
    if (!text) continue;
    rows.push([f.label, text]);
    n++;
  }
  return rows;
}

/** The field of the record's due date (set by the SLA engine on the schemas that have one). */
const DUE_FIELD = 'slaPrazo';

/** "Prazo: 28/11/2026 17:00", and whether it has passed; undefined when the record has none. */
export function dueOf(schema: EntitySchema, row: Record<string, unknown>, now = new Date()): { label: string; late: boolean } | undefined {
  const field = schema.fields.find((f) => f.name === DUE_FIELD);
  const v = field ? row[DUE_FIELD] : undefined;
  if (!field || (typeof v !== 'string' && !(v instanceof Date)) || v === '') return undefined;
  const dateOnly = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
  const at = dateOnly ? new Date(`${v}T23:59:59-03:00`) : new Date(v);
  if (Number.isNaN(at.getTime())) return undefined;
  const late = at.getTime() < now.getTime();
  const when = dateOnly ? formatDateBr(v) : formatDateTimeBr(at);
  return { label: late ? `Prazo: ${when} (vencido)` : `Prazo: ${when}`, late };
}

/** The footer; the buttons' terms only under a message that has buttons. */
const footer = (withButtons: boolean) =>
  [
    'Mensagem automática do Portal. Não responda a este e-mail.',
    ...(withButtons
      ? [`Os botões valem por ${ACTION_LINK_DAYS} dias, uma única vez, e pedem que você entre no portal com o seu usuário antes de confirmar.`]
      : []),
  ].join('\n');

/** "Contrato" → "contrato", "RDO" stays. */
function lowerLabel(label: string): string {
  if (label.length > 1 && label[1] === label[1].toUpperCase() && label[1] !== label[1].toLowerCase()) return label;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * The mail's sentence about the step, with who took it, the step, and the states:
 * `Pós-Vendas: "Aguardar o cliente" — o ticket "12" passou de "Em atendimento" para "Aguardando cliente".`,
 * or, when the state stays, `Pós-Vendas registrou "Concluir planejamento" no ticket "12".`.
 */
export function transitionSentence(schema: Pick<EntitySchema, 'label' | 'gender'>, title: string, who: string, step: string, from: string, to: string): string {
  const label = lowerLabel(schema.label);
  const f = schema.gender === 'f';
  if (from === to) return `${who} registrou "${step}" ${f ? 'na' : 'no'} ${label} "${title}".`;
  return `${who}: "${step}" — ${f ? 'a' : 'o'} ${label} "${title}" passou de "${from}" para "${to}".`;
}

export async function queueTransitionMail(
  trx: Db,
  schema: EntitySchema,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  step: { label: string; notify?: WorkflowTransition['notify']; comment?: string | null; notifyAs?: WorkflowTransition['notifyAs'] },
  actor: Pick<WorkflowActor, 'email' | 'name'>,
): Promise<void> {
  const wf = schema.workflow!;
  const to = await recipients(trx, schema, after, step.notify, actor.email);
  if (!to.length) return;
  const title = titleOf(schema, after);
  const from = stateLabel(wf, before[wf.field]);
  const now = stateLabel(wf, after[wf.field]);
  const id = Number(after.id);
  // Decision 29: an external recipient (client, supplier, law firm, or an address of no staff user)
  // reads the author's name only, no comment of the team and no staff e-mail.
  const staff = await staffAddresses(trx, to);
  const people = await mailActors(trx, [schema], to);
  const summaries = new Map<boolean, [string, string][]>();
  const due = dueOf(schema, after);
  for (const email of to) {
    const external = !staff.has(email);
    if (!summaries.has(external)) summaries.set(external, await summaryRows(trx, schema, after, external));
    const who = external ? actor.name || 'A equipe do Portal' : actor.name || actor.email;
    const comment = external ? null : step.comment;
    // The buttons: the steps this person may take on the record in its new state (never the
    // administrators' "Alterar situação"). Only for people of the directory: the link still
    // requires them to sign in as themselves, and the step is checked again then.
    const person = people.get(email);
    const steps =
      person && Number.isSafeInteger(id)
        ? availableTransitions(schema, after, person).filter((t) => t.name !== ADMIN_TRANSITION && t.mailButton !== false)
        : [];
    const buttons: MailButton[] = [];
    for (const t of steps) {
      const { token } = await signActionLink({ resource: schema.resource, id, transition: t.name, email });
      buttons.push({ label: t.label, url: actionLinkUrl(token), tone: t.tone === 'danger' ? 'danger' : t.tone === 'primary' ? 'primary' : 'default' });
    }
    const layout: MailLayout = {
      preheader: `${schema.label} ${title}: ${now}`,
      heading: `${schema.label} ${title}: ${now}`,
      intro: ['Olá,', transitionSentence(schema, title, who, step.label, from, now)],
      rows: summaries.get(external),
      // An internal deadline (the staff's SLA) is not told to an external recipient (decision 29).
      due: external && schema.fields.find((f) => f.name === DUE_FIELD)?.internal ? undefined : due,
      comment: comment ? { author: who, text: comment } : undefined,
      actionsNote: buttons.length ? 'O que você pode fazer agora (abre uma página de confirmação no portal):' : undefined,
      buttons,
      links: [
        { label: 'Abrir no portal', url: recordUrl(schema, after.id) },
        { label: 'Suas pendências', url: `${serverConfig().publicUrl}/pendencias` },
      ],
      footer: footer(buttons.length > 0),
    };
    // Through the one dispatch point: e-mail, push and digest as the person chose for the kind (issue 41).
    const ref = `${schema.resource}/${String(after.id)}`;
    await notifyPerson(trx, email, {
      kind: step.notifyAs ?? 'pendencia',
      mail: { subject: `[Portal] ${schema.label} ${title}: ${now}`, text: renderMailText(layout), html: renderMailHtml(layout), ref },
      title: `${schema.label} ${title}: ${now}`,
      body: transitionSentence(schema, title, who, step.label, from, now),
      url: recordUrl(schema, after.id),
      tag: ref,
    });
  }
}

/** Which of these (lower-case) addresses belong to staff users (not clients, suppliers or law firms). */
async function staffAddresses(trx: Db, mails: string[]): Promise<Set<string>> {
  if (!mails.length) return new Set();
  const r = await sql<{ email: string }>`
    select email from usuario
    where lower(email) in (${sql.join(mails.map((m) => m.toLowerCase()))})
      and coalesce(tipo, '') not in ('cliente', 'fornecedor', 'escritorio')
      and not coalesce(roles ? 'cliente', false)`.execute(trx);
  return new Set(r.rows.map((x) => x.email.toLowerCase()));
}
