/**
 * Words, not codes: the label people read for a stored enum or tag value. A field's own
 * `optionLabels` come first; a workflow's state field is labelled by its states
 * (`{ value: 'PAP', label: 'Para aprovação do cliente' }`), so the list, the charts, the history
 * and the e-mails all say the same thing. Isomorphic.
 */
import type { EntitySchema, FieldDef } from './kinds';

/** The label of one stored value ('' for an empty one; the value itself when it has no label). */
export function optionLabel(field: Pick<FieldDef, 'optionLabels'> | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const key = String(value);
  const labels = field?.optionLabels;
  return labels && Object.prototype.hasOwnProperty.call(labels, key) ? labels[key] : key;
}

/** `{ value, label }` pairs of an enum's options, for pickers and filters. */
export function labelledOptions(field: Pick<FieldDef, 'options' | 'optionLabels'>): { value: string; label: string }[] {
  return (field.options ?? []).map((o) => ({ value: o, label: optionLabel(field, o) }));
}

/**
 * Gives the workflow's state field the labels of its states (those it does not declare itself)
 * and returns the schema. Applied once to every declared schema (schemas/declared.ts).
 */
export function withStateLabels(schema: EntitySchema): EntitySchema {
  const wf = schema.workflow;
  if (!wf) return schema;
  const field = schema.fields.find((f) => f.name === wf.field);
  if (!field) return schema;
  const fromStates = Object.fromEntries(wf.states.filter((s) => s.label && s.label !== s.value).map((s) => [s.value, s.label!]));
  if (!Object.keys(fromStates).length) return schema;
  field.optionLabels = { ...fromStates, ...field.optionLabels };
  return schema;
}

/** The work-order areas (`area` of EAP items and work-order daily reports), as people call them. */
export const AREA_LABELS: Readonly<Record<string, string>> = { FIELD: 'Campo', AUTOMACAO: 'Automação' };
