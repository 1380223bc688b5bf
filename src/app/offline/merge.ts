/**
 * The merge of a record edited on the device while it changed on the server (issue 26): field by
 * field, theirs and mine; mine is kept unless the person picks theirs. Nothing is dropped silently.
 */
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { editableFields } from '../schema-fields';

export interface FieldDiff {
  field: FieldDef;
  mine: unknown;
  theirs: unknown;
  /** Mine when the person changed the field on the device, theirs when only the server did. */
  proposed: Choice;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Mine, the server's, or — for a text both sides wrote — both, mine first (issue 36). */
export type Choice = 'mine' | 'theirs' | 'both';

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** A text changed on both sides can be kept whole (both versions, mine first) when both fit in the field. */
export function canKeepBoth(d: Pick<FieldDiff, 'field' | 'mine' | 'theirs'>): boolean {
  if ((d.field.kind !== 'text' && d.field.kind !== 'longtext') || !filled(d.mine) || !filled(d.theirs)) return false;
  return d.field.maxLength === undefined || bothTexts(d).length <= d.field.maxLength;
}

/** Both texts in one: paragraphs for a long text, " / " on one line for a short one. */
export function bothTexts(d: Pick<FieldDiff, 'field' | 'mine' | 'theirs'>): string {
  return d.field.kind === 'longtext' ? `${String(d.mine)}\n\n${String(d.theirs)}` : `${String(d.mine)} / ${String(d.theirs)}`;
}

/**
 * The editable fields whose value on the device differs from the server's. With the record as it
 * was when the form opened (`base`), a field the person left alone proposes the server's value.
 */
export function diffFields(schema: EntitySchema, mine: Record<string, unknown>, theirs: Record<string, unknown>, base?: Record<string, unknown>): FieldDiff[] {
  return editableFields(schema)
    .filter((f) => f.name in mine && !same(mine[f.name], theirs[f.name]))
    .map((field) => {
      const untouched = base !== undefined && same(mine[field.name], base[field.name]);
      return { field, mine: mine[field.name], theirs: theirs[field.name], proposed: untouched ? 'theirs' : 'mine' };
    });
}

/** The values to send: mine, with the fields the person chose from the server, on the server's version. */
export function mergeValues(
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
  diffs: FieldDiff[],
  choices: Record<string, Choice>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...mine };
  for (const d of diffs) {
    const choice = choices[d.field.name] ?? d.proposed;
    if (choice === 'theirs') out[d.field.name] = theirs[d.field.name];
    else if (choice === 'both' && canKeepBoth(d)) out[d.field.name] = bothTexts(d);
  }
  out.version = theirs.version;
  return out;
}
