/**
 * Service-level agreements declared with an entity (`sla` of an EntitySchema), plain data like the
 * rest of the schema. One generic engine (src/server/sla/) computes, from the record's state
 * history and the business calendar, each target's deadline, time on hold and result, stores them
 * on the record (the `sla*` fields of schemas/shared/sla.ts) and sends reminders and escalations.
 * Administrators of the entity may replace the targets at run time (`/api/v1/sla/{resource}`,
 * declared in resources/sla.ts).
 */

/**
 * What a target measures:
 * - 'primeira-resposta': the record leaves its initial state (the first staff step); fulfilled once.
 * - 'resolucao': the record reaches one of `fulfilIn` (time spent there before a reopening is on hold).
 * - 'estado': a stage clock: it starts each time the record enters one of `from`, and is fulfilled
 *   when it leaves them (or reaches `fulfilIn`, when given).
 */
export type SlaTargetKind = 'primeira-resposta' | 'resolucao' | 'estado';

export interface SlaTarget {
  /** Stable key ('primeira-resposta', 'resolucao', 'revisao'…): the key of `slaMetas`. */
  key: string;
  /** pt-BR label ('Primeira resposta'). */
  label: string;
  kind: SlaTargetKind;
  /** 'estado': the states whose entry starts the clock. */
  from?: string[];
  /** States that fulfil the target (defaults: any state but the initial one for a first response; the states after `from` for a stage). */
  fulfilIn?: string[];
  /** How long, in business time of the calendar. */
  amount?: number;
  unit?: 'horas' | 'dias';
  /** Instead of an amount: the deadline is the end of this date field's day (a document's client deadline). */
  dueField?: string;
  /** Also fulfilled at the moment this datetime field holds (work done without leaving the state: PCP's "Concluir planejamento"). */
  doneAtField?: string;
}

export interface SlaPolicy {
  /** pt-BR name ('Prioridade alta'). */
  name: string;
  /** Record field → value (or any of the values); every condition must hold. No conditions: any record. */
  when?: Record<string, string | string[]>;
  targets: SlaTarget[];
}

export interface SlaDecl {
  /** The field holding when the clock starts (a ticket's opening); the record's creation when absent or empty. */
  startField?: string;
  /** States in which every clock is on hold ('Aguardando cliente'). */
  pauseIn?: string[];
  /** The first policy whose conditions hold applies. */
  policies: SlaPolicy[];
  /** Reminder to the holder when this share (%) of a target's time is left; none when 0. */
  reminderPercent?: number;
  /**
   * Breach escalation: to the users holding these roles (the module's administrators) and, with
   * `manager`, to the manager of each person holding the record (the `gestor` of their user
   * record in Administração › Usuários).
   */
  escalateTo?: { roles: string[]; manager?: boolean };
}

/** The record-level result of the SLA. */
export const SLA_SITUACOES = ['Em dia', 'Pausado', 'Atendido', 'Violado'] as const;
export type SlaSituacao = (typeof SLA_SITUACOES)[number];

/** One target as stored in `slaMetas` (a row per target). */
export interface SlaMeta {
  /** The target's key. */
  meta: string;
  label: string;
  /** ISO instant; null while on hold (or when the target does not apply yet). */
  prazo: string | null;
  cumpridoEm: string | null;
  violado: boolean;
  pausado?: boolean;
}
