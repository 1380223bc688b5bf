/** The due date of a pending item as the inbox says it: "vence em 3 h", "atrasada há 2 dias". */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A span in the unit a person reads at a glance: minutes under an hour, hours under two days, then days. */
function span(ms: number): string {
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / MINUTE))} min`;
  if (ms < 2 * DAY) return `${Math.round(ms / HOUR)} h`;
  const days = Math.round(ms / DAY);
  return `${days} dias`;
}

export type DueTone = 'overdue' | 'soon' | 'later' | 'paused';

export interface DueText {
  text: string;
  tone: DueTone;
}

/**
 * "vence em 3 h" (soon: within a day), "vence em 5 dias", or "atrasada há 2 dias" when overdue
 * (the server's flags: a paused clock is not late even past its date). On hold (`paused`): "prazo
 * pausado", or "pausado, atrasado há 2 dias" when the deadline had passed before the pause.
 * Undefined without a due date, unless paused.
 */
export function dueText(due: string | null | undefined, overdue: boolean | undefined, now: Date = new Date(), paused = false): DueText | undefined {
  const at = due ? new Date(due).getTime() : Number.NaN;
  const diff = at - now.getTime();
  if (paused) return { text: overdue && diff < 0 ? `pausado, atrasado há ${span(-diff)}` : 'prazo pausado', tone: 'paused' };
  if (Number.isNaN(at)) return undefined;
  if (overdue) return { text: diff < 0 ? `atrasada há ${span(-diff)}` : 'atrasada', tone: 'overdue' };
  if (diff <= 0) return { text: 'prazo pausado', tone: 'later' };
  return { text: `vence em ${span(diff)}`, tone: diff < DAY ? 'soon' : 'later' };
}
