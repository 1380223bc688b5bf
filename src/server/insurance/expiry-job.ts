/**
 * The policies' daily job (issue 40), one of the daily jobs (src/server/jobs/index.ts), so once a
 * day whatever the number of server processes: a running policy past its end in force becomes
 * "Vencida" (with a history entry), every running policy's "Vencimento" is set for the day (the
 * list's "a vencer" filter), and the insurance people are reminded 60, 30 and 7 days before the
 * end, on business days of the SLA calendar (a mark that falls on a weekend or a holiday is sent the
 * business day before) — each reminder claimed in `seguro_aviso` (policy, end in force, mark) inside the job's
 * transaction, so a second run, the same day or later, never sends it again. A reminder is a deadline
 * notice (kind `sla`) and leaves through the notices' one dispatch point (src/server/notifications),
 * so each person gets it on the channels they keep on for deadlines: e-mail, the phone, the digest.
 */
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import { SCHEMAS, schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { diffRecords, writeAudit } from '../crud/audit';
import { notifyPeople } from '../notifications/dispatch';
import { renderMailHtml, renderMailText, type MailLayout } from '../mail/html';
import { addDaysIso, formatDateBr } from '../time';
import { loadCalendar } from '../sla/calendar-config';
import { isBusinessDate } from '../sla/calendar';
import { mailActors, type MailActor } from '../workflow/mail-actors';
import { recordUrl } from '../workflow/notify';
import { INSURANCE_PAIRS, INSURANCE_ROLES, daysBetween, reminderHorizon, reminderMark, vencimentoOf } from './in-force';

type Row = Record<string, unknown>;

export const INSURANCE_CORE_SQL: string[] = [
  `CREATE TABLE IF NOT EXISTS seguro_aviso (
     recurso text not null, registro bigint not null, fim_vigencia date not null, marco integer not null,
     enviado_em timestamptz not null default now(),
     primary key (recurso, registro, fim_vigencia, marco))`,
];

/** Who writes the job's changes in the history. */
export const SYSTEM_USER = 'sistema';

async function rowsWhere(trx: Db, schema: EntitySchema, where: ReturnType<typeof sql>, lock = false): Promise<Row[]> {
  const r = await sql<{
    row: Row;
  }>`select to_jsonb(t.*) as row from ${sql.table(schema.name)} t where ${where} order by id ${lock ? sql`for update` : sql``}`.execute(trx);
  return r.rows.map((x) => flattenExtra(x.row));
}

/** Running policies past their end in force become "Vencida". */
async function markExpired(trx: Db, schema: EntitySchema, day: string): Promise<number> {
  const due = await rowsWhere(trx, schema, sql`status = 'Vigente' and "fimVigenciaAtual" < cast(${day} as date)`, true);
  for (const before of due) {
    const values = { status: 'Vencida', vencimento: 'Vencida' };
    await sql`update ${sql.table(schema.name)} set status = 'Vencida', vencimento = 'Vencida', version = version + 1, updated_at = now(),
      updated_by = ${SYSTEM_USER} where id = ${Number(before.id)}`.execute(trx);
    await writeAudit(trx, schema, Number(before.id), 'update', SYSTEM_USER, diffRecords(schema, before, { ...before, ...values }), {
      comment: `Vencida automaticamente: a vigência terminou em ${formatDateBr(before.fimVigenciaAtual)}.`,
    });
  }
  return due.length;
}

/** Every policy's "Vencimento" on `day` (a derived value: no new version, no history entry). */
async function refreshVencimento(trx: Db, schema: EntitySchema, day: string): Promise<void> {
  const rows = await sql<{ id: number; status: string; fim: string | null; vencimento: string | null }>`
    select id, status, "fimVigenciaAtual"::text as fim, vencimento from ${sql.table(schema.name)}`.execute(trx);
  for (const r of rows.rows) {
    const v = vencimentoOf(r.status, r.fim, day);
    if (v !== r.vencimento) await sql`update ${sql.table(schema.name)} set vencimento = ${v} where id = ${r.id}`.execute(trx);
  }
}

/** The insurance people who may edit the policy, and its responsible person when they may read it. */
function recipientsOf(schema: EntitySchema, policy: Row, people: Map<string, MailActor>): string[] {
  const record = subject(schema.subject, { ...policy }) as never;
  const out = [...people.values()]
    .filter((p) => !p.client && p.roles?.some((r) => INSURANCE_ROLES.includes(r)) && p.ability.can('edit' as never, record))
    .map((p) => p.email);
  const resp = (policy.responsavel as { mail?: unknown } | null)?.mail;
  const owner = typeof resp === 'string' ? people.get(resp.toLowerCase()) : undefined;
  if (owner && !owner.client && owner.ability.can('read' as never, record)) out.push(owner.email);
  return [...new Set(out)];
}

function reminderMail(schema: EntitySchema, policy: Row, days: number): { subject: string; layout: MailLayout } {
  const numero = String(policy.numeroApolice ?? policy.id);
  const fim = formatDateBr(policy.fimVigenciaAtual);
  const when = days === 0 ? 'vence hoje' : days === 1 ? 'vence amanhã' : `vence em ${days} dias`;
  const url = recordUrl(schema, policy.id);
  return {
    subject: `[Portal] Apólice ${numero} ${when} (${fim})`,
    layout: {
      preheader: `A apólice ${numero} ${when}, em ${fim}.`,
      heading: `Apólice ${numero} ${when}`,
      intro: [
        `A ${schema.label.toLowerCase()} ${numero} ${when}: a vigência em vigor termina em ${fim}.`,
        'Providencie a renovação (botão "Renovar" na apólice) ou registre o encerramento.',
      ],
      rows: [
        ['Apólice', numero],
        ['Obra', String(policy.obra ?? '')],
        ['Fim da vigência em vigor', fim],
      ],
      due: { label: `Fim da vigência: ${fim}`, late: days <= 7 },
      links: [{ label: 'Abrir a apólice no portal', url }],
      footer:
        'Mensagem automática do Portal, enviada 60, 30 e 7 dias antes do fim da vigência de cada apólice (no dia útil anterior quando a data cai em fim de semana ou feriado).',
    },
  };
}

/** The first business day after `day` in the SLA calendar, or undefined when `day` is not one (no reminders that day). */
async function nextBusinessDayAfter(trx: Db, day: string): Promise<string | undefined> {
  const cal = await loadCalendar(trx);
  if (!isBusinessDate(cal, day)) return undefined;
  let next = addDaysIso(day, 1);
  // A week without working hours is refused when saved (validateHours); a month of holidays bounds the walk anyway.
  for (let i = 0; i < 31 && !isBusinessDate(cal, next); i++) next = addDaysIso(next, 1);
  return next;
}

/** Reminders due on `day` (a business day; `next` the one after it), each claimed once per policy, end in force and mark. */
async function remind(trx: Db, schema: EntitySchema, day: string, next: string, people: () => Promise<Map<string, MailActor>>): Promise<number> {
  const candidates = await rowsWhere(
    trx,
    schema,
    sql`status = 'Vigente' and "fimVigenciaAtual" between cast(${day} as date) and cast(${reminderHorizon(day, next)} as date)`,
  );
  let sent = 0;
  for (const policy of candidates) {
    const fim = String(policy.fimVigenciaAtual);
    const mark = reminderMark(fim, day, next);
    if (mark === undefined) continue;
    const claim = await sql`insert into seguro_aviso (recurso, registro, fim_vigencia, marco)
      values (${schema.resource}, ${Number(policy.id)}, cast(${fim} as date), ${mark}) on conflict do nothing returning marco`.execute(trx);
    if (!claim.rows.length) continue;
    const to = recipientsOf(schema, policy, await people());
    if (!to.length) continue;
    const { subject: title, layout } = reminderMail(schema, policy, daysBetween(day, fim));
    const ref = `${schema.resource}/${String(policy.id)}`;
    const mail = { subject: title, text: renderMailText(layout), html: renderMailHtml(layout), ref };
    await notifyPeople(trx, to, () => ({
      kind: 'sla',
      mail,
      title: layout.heading,
      body: layout.preheader ?? layout.heading,
      url: recordUrl(schema, policy.id),
      tag: ref,
    }));
    sent++;
  }
  return sent;
}

/** The daily job: `{ vencidas, avisos }` of the day. */
export async function insuranceExpiryJob(trx: Db, day: string): Promise<{ vencidas: number; avisos: number }> {
  let vencidas = 0;
  let avisos = 0;
  let actors: Map<string, MailActor> | undefined;
  const people = async () => (actors ??= await mailActors(trx, SCHEMAS));
  const next = await nextBusinessDayAfter(trx, day);
  for (const pair of INSURANCE_PAIRS) {
    const schema = schemaByName(pair.policy);
    if (!schema) continue;
    vencidas += await markExpired(trx, schema, day);
    await refreshVencimento(trx, schema, day);
    if (next) avisos += await remind(trx, schema, day, next, people);
  }
  return { vencidas, avisos };
}
