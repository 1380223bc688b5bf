/**
 * Segregation of duties (issue 36): a workflow declares, in `distinctHolders`
 * (schemas/workflow-types.ts), groups of the person fields holding stages that must be done by
 * different people on one record (the contract's gestor and validador). Standing in for an absent
 * person never lets someone take a stage of a record on which they hold another stage of the same
 * group: the engine refuses the step "em nome de" (src/server/workflow/transition.ts, and
 * `mayTake` so it is not offered), the inbox does not list it, and an absence naming such a
 * substitute is refused (src/server/modules/entities/ausencia.ts). Pure functions over the schema.
 */
import type { EntitySchema, Workflow } from '../../../schemas/kinds';

/** The e-mail a person field holds, lowercased (imported by definition.ts: no import back). */
const personMail = (v: unknown): string | undefined =>
  v && typeof v === 'object' && typeof (v as { mail?: unknown }).mail === 'string' ? (v as { mail: string }).mail.toLowerCase() : undefined;

/** The fields that must hold someone other than the holder of `field` (its partners in the declared groups). */
export function partnersOf(wf: Pick<Workflow, 'distinctHolders'>, field: string): string[] {
  const out = new Set<string>();
  for (const group of wf.distinctHolders ?? []) if (group.includes(field)) for (const f of group) if (f !== field) out.add(f);
  return [...out];
}

/** Every ordered pair (held by the absent person, held by the substitute) that must be two people. */
export function distinctPairs(wf: Pick<Workflow, 'distinctHolders'>): [string, string][] {
  const out = new Map<string, [string, string]>();
  for (const group of wf.distinctHolders ?? []) for (const a of group) for (const b of group) if (a !== b) out.set(`${a}\u0000${b}`, [a, b]);
  return [...out.values()];
}

export interface DutyConflict {
  /** The field naming the absent person (the stage the substitute would take for them). */
  absentField: string;
  /** The field naming the substitute (the stage they already hold). */
  ownField: string;
}

/** The stage `own` already holds on the record that must not be the same person as the stage `absent` holds there. */
export function dutyConflict(schema: EntitySchema, row: Record<string, unknown>, own: string, absent: string): DutyConflict | undefined {
  const wf = schema.workflow;
  if (!wf?.distinctHolders?.length) return undefined;
  const me = own.toLowerCase();
  const them = absent.toLowerCase();
  for (const [absentField, ownField] of distinctPairs(wf)) {
    if (personMail(row[absentField]) === them && personMail(row[ownField]) === me) return { absentField, ownField };
  }
  return undefined;
}

/** "Vítor Validador já é o validador do contrato CT-2026-001; a mesma pessoa não pode cumprir as duas etapas." (`title`: the record's). */
export function dutyConflictMessage(schema: EntitySchema, title: string, conflict: DutyConflict, who: string): string {
  const label = schema.fields.find((f) => f.name === conflict.ownField)?.label ?? conflict.ownField;
  const of = schema.gender === 'f' ? 'da' : 'do';
  return `${who} já é o ${label.toLowerCase()} ${of} ${schema.label.toLowerCase()} ${title}; a mesma pessoa não pode cumprir as duas etapas.`;
}

/** The engine's refusal: "Você já é o validador do contrato CT-… e não pode "Emitir para o verificador" em nome de Gabriela Gestora: …". */
export function dutyConflictStepMessage(schema: EntitySchema, title: string, conflict: DutyConflict, step: string, absentName: string): string {
  const label = schema.fields.find((f) => f.name === conflict.ownField)?.label ?? conflict.ownField;
  const of = schema.gender === 'f' ? 'da' : 'do';
  return `Você já é o ${label.toLowerCase()} ${of} ${schema.label.toLowerCase()} ${title} e não pode "${step}" em nome de ${absentName}: a mesma pessoa não pode cumprir as duas etapas.`;
}
