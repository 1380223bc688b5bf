import type { ListParams } from './list-query';
import { refKeyOf } from '../db/columns';

const TEXT_KINDS = new Set(['text', 'email', 'enum']);

/**
 * What a list's equality filters guarantee about its rows, for the access rules' SQL
 * (`AccessWhereOptions.facts`): `obra=101` → obra ∈ {'101'}. Only text values compared exactly
 * as the rules compare them (a text column, or a person's `mail`/`nome`).
 */
export function factsOf(p: ListParams): Map<string, string[]> {
  const facts = new Map<string, string[]>();
  for (const c of p.conditions) {
    if (c.op !== 'eq' || !c.values.length) continue;
    const f = c.field;
    const text = c.sub ? f.kind === 'person' : TEXT_KINDS.has(f.kind) || (f.kind === 'reference' && refKeyOf(f) !== 'id');
    if (!text) continue;
    const prev = facts.get(c.path);
    // Two filters on one path: the rows satisfy both, so only the common values remain.
    facts.set(c.path, prev ? prev.filter((v) => c.values.includes(v)) : [...new Set(c.values)]);
  }
  return facts;
}
