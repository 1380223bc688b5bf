/**
 * Indexes for the dashboards (resources/dashboards): every widget filters its entity by its period
 * field and by fixed filters, so those columns get a btree (same name and statement as the index a
 * `filter: true` field gets, so declaring both is one index).
 */
import { DASHBOARDS } from '../../../resources/dashboards';
import type { EntitySchema } from '../../../schemas/kinds';
import { ident } from './columns';

const INDEXABLE = new Set(['text', 'email', 'enum', 'integer', 'decimal', 'money', 'date', 'datetime', 'boolean', 'reference']);

/** name → CREATE INDEX for the columns the dashboards' widgets on this schema filter by. */
export function dashboardIndexes(schema: EntitySchema): Record<string, string> {
  const names = new Set<string>();
  for (const d of Object.values(DASHBOARDS)) {
    for (const w of d.widgets) {
      if (w.entity !== schema.name) continue;
      if (w.periodField) names.add(w.periodField);
      for (const key of Object.keys(w.filters ?? {})) names.add(/^(.*?)(?:_(ne|gte|lte|like))?$/.exec(key)![1]);
    }
  }
  const out: Record<string, string> = {};
  for (const name of names) {
    const f = schema.fields.find((x) => x.name === name);
    if (!f || f.unique || !INDEXABLE.has(f.kind)) continue;
    const idx = `${schema.name}_${f.name}_idx`;
    out[idx] = `CREATE INDEX IF NOT EXISTS ${ident(idx)} ON ${ident(schema.name)} USING btree (${ident(f.name)})`;
  }
  return out;
}
