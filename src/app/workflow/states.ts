/**
 * Presentation of a schema's workflow states: label, colour and the main path drawn as steps.
 * Pure functions over `schema.workflow`; who may take which step is the API's business.
 */
import type { EntitySchema, Workflow, WorkflowState } from '../../../schemas/kinds';

export function workflowState(schema: EntitySchema | undefined, value: unknown): WorkflowState | undefined {
  return schema?.workflow?.states.find((s) => s.value === value);
}

/** The state's pt-BR label (its value when it has none). */
export function stateLabel(schema: EntitySchema | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  return workflowState(schema, value)?.label ?? String(value);
}

/** antd Tag colour of a state ('default' when unknown). */
export function stateColor(schema: EntitySchema | undefined, value: unknown): string {
  return workflowState(schema, value)?.color ?? 'default';
}

/**
 * The main path of a workflow, in the order of `workflow.states`: the initial state and every
 * state reached from it by forward steps. A forward step leads to a state declared after the one it
 * leaves (a return leads back), is not a cancellation (tone danger), and is the primary way on or
 * needs no justification; a step the portal takes itself (the RIT's "Concluir assinaturas", kept out
 * of the inbox) counts like any other. States off the path (returned for correction, paused,
 * waiting, cancelled) are side states: the status bar shows them without step progress.
 */
export function mainPath(workflow: Workflow): WorkflowState[] {
  const order = new Map(workflow.states.map((s, i) => [s.value, i]));
  const forward = workflow.transitions.filter((t) => t.to && t.tone !== 'danger' && (t.tone === 'primary' || !t.comment || t.comment === 'none'));
  const reached = new Set([workflow.initial]);
  const queue = [workflow.initial];
  while (queue.length) {
    const from = queue.shift()!;
    for (const t of forward) {
      if (t.from.includes(from) && !reached.has(t.to!) && (order.get(t.to!) ?? -1) > (order.get(from) ?? -1)) {
        reached.add(t.to!);
        queue.push(t.to!);
      }
    }
  }
  return workflow.states.filter((s) => reached.has(s.value));
}
