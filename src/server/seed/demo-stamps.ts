/**
 * When and by whom a demo record was created and last changed, from its own values (issue 36): a
 * ticket was opened at its `abertura` by its responsible person and last changed when it was
 * concluded; an RDO was written on its `data` by its site manager. Entities without a rule, and a
 * date still to come, keep the seeder's stamps (the moment of seeding, seed@portal.local).
 *
 * Only entities whose `created_by` no access rule reads (a work order's checklist is its writer's:
 * src/access/rules/ordens-servico.ts) and whose SLA clock does not start at `created_at`
 * (`sla.startField`, src/server/sla/engine.ts), so the demo's rights and deadlines stay as they were.
 */
import type { EntitySchema } from '../../../schemas/kinds';

interface DemoStampRule {
  /** Date or datetime field: when the record was created. */
  at: string;
  /** Date or datetime field: when it was last changed (absent or empty: `at`). */
  doneAt?: string;
  /** Person field: who created it. */
  by?: string;
}

export const DEMO_STAMP_RULES: Record<string, DemoStampRule> = {
  posvenda: { at: 'abertura', doneAt: 'conclusao', by: 'responsavel' },
  ticketInteracao: { at: 'data', by: 'responsavelRegistro' },
  custoPosvenda: { at: 'data' },
  diario: { at: 'data', by: 'siteManager' },
};

/** A date alone is taken at the end of that working day in the portal's zone (reports are written after the work). */
function instantOf(v: unknown): Date | undefined {
  if (v instanceof Date) return v;
  if (typeof v !== 'string' || !v) return undefined;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T18:00:00-03:00` : v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

function mailOf(v: unknown): string | undefined {
  const mail = typeof v === 'object' && v !== null ? (v as { mail?: unknown }).mail : undefined;
  return typeof mail === 'string' && mail ? mail.toLowerCase() : undefined;
}

/** The system columns of a demo row of `schema` (the rule's), or {} to keep the seeder's. */
export function demoStamps(schema: Pick<EntitySchema, 'name'>, row: Record<string, unknown>, now = new Date()): Record<string, unknown> {
  const rule = DEMO_STAMP_RULES[schema.name];
  const created = rule ? instantOf(row[rule.at]) : undefined;
  if (!rule || !created || created > now) return {};
  const done = rule.doneAt ? instantOf(row[rule.doneAt]) : undefined;
  const updated = done && done >= created && done <= now ? done : created;
  const by = rule.by ? mailOf(row[rule.by]) : undefined;
  return { created_at: created.toISOString(), updated_at: updated.toISOString(), ...(by ? { created_by: by, updated_by: by } : {}) };
}
