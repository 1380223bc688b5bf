/**
 * Run-time configuration of an entity by its administrators (issue 15): an overlay stored by the
 * server (table `schema_overlay`) and merged over the code schema into the effective schema that
 * validation, lists, filters, export and the OpenAPI description use.
 *
 * The code schema stays the base. An overlay may only
 * - change the presentation of a field (label, help, placeholder, group, order, list, filter,
 *   search, sort), make a field required (never the other way round for a code field), and
 *   append options to an enum;
 * - on a sub-field of a table or group of fields (`itens.tipoResposta`: the answer types of the
 *   checklist templates' items), change its label, help and placeholder and append options;
 * - add custom fields of the simple kinds below; their names start with `cx` and a capital letter
 *   or digit (`cxContratoManutencao`), so they never clash with a code field added later;
 *   each lives in a column of its own (`storage: 'column'`, the default) or, when the
 *   administrator chooses, in the table's `_extra` jsonb column (`storage: 'json'`), fixed at
 *   creation; removing one hides it (`hidden`), its column and data are kept; purging a hidden one
 *   (`purgeField`) deletes its data and frees its name; an `internal` one is never sent to
 *   clients and partners (a field-level `cannot` rule of their ability, src/access/ability.ts).
 *
 * Isomorphic: plain data and pure functions, used by the API and (later) by the app.
 */
import type { CustomFieldDef, FieldOverlay, OverlayChange, SchemaOverlay } from './overlay-types';

// The types, the effective schema and the validation of a change live beside this file.
export * from './overlay-types';
export { effectiveSchema, fieldTitle, findField, protectedFields, subFieldNames, subFieldOf } from './overlay-effective';
export { validateOverlayChange, type OverlayCheckOptions } from './overlay-validate';

/** The overlay after a change (assumed valid: call `validateOverlayChange` first). Pure. */
export function applyOverlayChange(current: SchemaOverlay, change: OverlayChange): SchemaOverlay {
  const next: SchemaOverlay = { fields: { ...(current.fields ?? {}) }, custom: [...(current.custom ?? [])] };
  if (change.op === 'addField') {
    next.custom!.push({ ...change.field, label: change.field.label.trim() });
    return next;
  }
  if (change.op === 'purgeField') {
    next.custom = next.custom!.filter((c) => c.name !== change.name);
    delete next.fields![change.name];
    return next;
  }
  const i = next.custom!.findIndex((c) => c.name === change.name);
  if (change.op === 'hideField') {
    next.custom![i] = { ...next.custom![i], hidden: true };
    return next;
  }
  const { addOptions, removeOptions, ...rest } = change.patch;
  const clean = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Record<string, unknown>;
  const options = (list: string[] | undefined) => [...(list ?? []).filter((o) => !removeOptions?.includes(o)), ...(addOptions ?? [])];
  if (i >= 0) {
    const c: Record<string, unknown> = { ...next.custom![i], ...clean };
    for (const k of Object.keys(c)) if (c[k] === null || ((k === 'hidden' || k === 'internal') && c[k] === false)) delete c[k];
    if (addOptions || removeOptions) c.options = options(next.custom![i].options);
    next.custom![i] = c as unknown as CustomFieldDef;
  } else {
    const o: FieldOverlay = { ...next.fields![change.name], ...(clean as FieldOverlay) };
    if (o.required === false) delete o.required;
    if (addOptions || removeOptions) o.options = options(o.options);
    next.fields![change.name] = o;
  }
  return next;
}
