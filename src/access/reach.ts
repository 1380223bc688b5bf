/**
 * Whether an action is allowed on at least one record a schema can hold: a rule without
 * conditions, or one whose conditions name only fields of that schema. Several schemas share a
 * CASL subject (a ticket's costs and surveys are `POSVENDAS` like the ticket); a rule written for
 * one of them (a client reads the tickets: `codigo` exists) reaches none of the others' records,
 * so a screen does not offer them a section that can only come back empty or refused.
 */
import type { AnyAbility } from '@casl/ability';
import type { EntitySchema } from '../../schemas/kinds';

/** Columns every record has besides its schema's fields. */
const SYSTEM = new Set(['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by']);

export function canOnSomeRecordOf(ability: AnyAbility, action: string, subject: string, schema: Pick<EntitySchema, 'fields'>): boolean {
  const fields = new Set([...SYSTEM, ...schema.fields.map((f) => f.name)]);
  return ability.rulesFor(action, subject).some((rule) => {
    if (rule.inverted) return false;
    if (!rule.conditions) return true;
    return Object.keys(rule.conditions as Record<string, unknown>).every((key) => key.startsWith('$') || fields.has(key.split('.')[0]));
  });
}
