/**
 * The policy in force (issue 40): the contracted policy (its own fields, edited by people) plus its
 * issued endorsements applied in order. Pure functions, no database: the same computation serves
 * the endorsement's steps, the policy's edits, the migration's backfill and the demo data, so
 * cancelling an issued endorsement simply computes the policy without it.
 */
import { addDaysIso } from '../time';

type Row = Record<string, unknown>;

/** The policy schemas and their endorsements' (schemas/seguro.ts + endosso.ts, seguro-pleno.ts + endosso-pleno.ts). */
export const INSURANCE_PAIRS = [
  { policy: 'seguro', endorsement: 'endosso' },
  { policy: 'seguroPleno', endorsement: 'endossoPleno' },
] as const;
export type InsurancePair = (typeof INSURANCE_PAIRS)[number];

/** The roles told of a policy's expiry (each only for the policies they may edit) and shown it in their calendar feed. */
export const INSURANCE_ROLES: readonly string[] = ['seguros', 'admin_seguros'];

export const pairOfPolicy = (name: string): InsurancePair | undefined => INSURANCE_PAIRS.find((p) => p.policy === name);
export const pairOfEndorsement = (name: string): InsurancePair | undefined => INSURANCE_PAIRS.find((p) => p.endorsement === name);

export interface Cobertura {
  cobertura: string;
  limite?: number | null;
  franquia?: string | null;
}

/** The server-set fields of a policy (schemas/shared/seguro-fields.ts, group "Em vigor"). */
export interface InForce {
  fimVigenciaAtual: string;
  importanciaSeguradaAtual: number | null;
  premioTotal: number | null;
  coberturasAtuais: Cobertura[];
}

export const ISSUED = 'Emitido';
export const EXCLUSION = 'Exclusão de cobertura';
export const CANCELLATION = 'Cancelamento';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const num = (v: unknown): number | undefined => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));
const round2 = (n: number) => Math.round(n * 100) / 100;
const coverageKey = (c: { cobertura?: unknown }) =>
  String(c.cobertura ?? '')
    .trim()
    .toLocaleLowerCase('pt-BR');

/** The day an endorsement takes effect: its own start, else its issue date. */
export function effectiveDate(e: Row): string | undefined {
  return str(e.inicioVigencia) ?? str(e.dataEmissao);
}

/** Endorsements in the order they apply and are listed: issue date, then number (1, 2, 10), then id. */
export function inOrder<T extends Row>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      String(a.dataEmissao ?? '').localeCompare(String(b.dataEmissao ?? '')) ||
      String(a.numero ?? '').localeCompare(String(b.numero ?? ''), 'pt-BR', { numeric: true }) ||
      Number(a.id ?? 0) - Number(b.id ?? 0),
  );
}

/**
 * The policy in force: `policy`'s contracted values, then each issued endorsement of `endorsements`
 * in order — a new end of validity, a new insured amount, its premium difference, its coverages
 * (included or replaced by name; removed by an exclusion), a cancellation ending the validity on
 * its date. Endorsements not issued are ignored.
 */
export function inForce(policy: Row, endorsements: readonly Row[]): InForce {
  let fim = String(policy.fimVigencia ?? '');
  let is = num(policy.importanciaSegurada) ?? null;
  let premio = num(policy.premio);
  let coberturas: Cobertura[] = Array.isArray(policy.coberturas) ? (policy.coberturas as Cobertura[]).map((c) => ({ ...c })) : [];
  for (const e of inOrder(endorsements.filter((x) => x.situacao === ISSUED))) {
    const novoFim = str(e.fimVigencia);
    if (novoFim) fim = novoFim;
    const novaIs = num(e.importanciaSegurada);
    if (novaIs !== undefined) is = novaIs;
    const diff = num(e.premioAdicional);
    if (diff !== undefined) premio = round2((premio ?? 0) + diff);
    const rows = Array.isArray(e.coberturas) ? (e.coberturas as Cobertura[]) : [];
    for (const row of rows) {
      const key = coverageKey(row);
      const rest = coberturas.filter((c) => coverageKey(c) !== key);
      coberturas = e.tipo === EXCLUSION ? rest : [...rest, { ...row }];
    }
    if (e.tipo === CANCELLATION) {
      const at = effectiveDate(e);
      if (at && at < fim) fim = at;
    }
  }
  return { fimVigenciaAtual: fim, importanciaSeguradaAtual: is, premioTotal: premio ?? null, coberturasAtuais: coberturas };
}

/** Whole days from `from` to `to` (ISO dates; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The days before the end at which the insurance people are reminded (each once per policy and end date). */
export const REMINDER_DAYS = [60, 30, 7] as const;

/** Statuses of a policy in force or past its end; the others (a quote, cancelled, renewed) have no expiry. */
const RUNNING = new Set(['Vigente', 'Vencida']);

/** The "Vencimento" of a policy on `today` (the list's "a vencer" filter); null when it does not apply. */
export function vencimentoOf(status: unknown, fim: unknown, today: string): string | null {
  if (!RUNNING.has(String(status)) || !str(fim)) return null;
  const days = daysBetween(today, String(fim));
  if (days < 0) return 'Vencida';
  if (days <= 7) return 'A vencer em até 7 dias';
  if (days <= 30) return 'A vencer em até 30 dias';
  if (days <= 60) return 'A vencer em até 60 dias';
  return 'Em dia';
}

/**
 * The status a running policy takes on `today`: past its end in force (the last day is covered) it
 * is "Vencida"; an extension that brings the end back to the future makes it "Vigente" again.
 */
export function runningStatus(status: unknown, fim: unknown, today: string): string | undefined {
  const s = String(status ?? '');
  if (!RUNNING.has(s) || !str(fim)) return undefined;
  if (s === 'Vigente' && String(fim) < today) return 'Vencida';
  if (s === 'Vencida' && String(fim) >= today) return 'Vigente';
  return undefined;
}

/**
 * The reminder due on `today` for a policy ending on `fim`: the smallest of 60/30/7 days not yet
 * passed by the next business day, or none. A mark whose day is not a business day (a weekend, a
 * holiday of the SLA calendar) is sent on the business day before it: `nextBusinessDay` is the
 * first business day after `today` (the job runs only on business days), so a Friday's run sends
 * the marks that fall on Saturday and Sunday. Without it, every day counts.
 */
export function reminderMark(fim: string, today: string, nextBusinessDay: string = addDaysIso(today, 1)): number | undefined {
  const days = daysBetween(today, fim);
  if (days < 0) return undefined;
  const ahead = Math.max(daysBetween(today, nextBusinessDay) - 1, 0);
  return [...REMINDER_DAYS].reverse().find((d) => days <= d + ahead);
}

/** The last end date a reminder may be sent for on `today` (the farthest mark, reached before the next business day). */
export const reminderHorizon = (today: string, nextBusinessDay: string = addDaysIso(today, 1)): string => addDaysIso(nextBusinessDay, REMINDER_DAYS[0] - 1);
