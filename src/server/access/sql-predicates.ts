/**
 * Boolean algebra over SQL predicates with constant folding, for the rules → SQL translation
 * (rules-to-sql.ts): a predicate is TRUE / FALSE as a JS boolean or a SQL expression.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

export type Pred = boolean | RawBuilder<SqlBool>;

// ---------------------------------------------------------------------------
// Boolean algebra with constant folding.

export const TRUE_SQL = sql<SqlBool>`true`;
export const FALSE_SQL = sql<SqlBool>`false`;

export function and(preds: Pred[]): Pred {
  const parts: RawBuilder<SqlBool>[] = [];
  for (const p of preds) {
    if (p === false) return false;
    if (p !== true) parts.push(p);
  }
  if (parts.length === 0) return true;
  if (parts.length === 1) return parts[0];
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

export function or(preds: Pred[]): Pred {
  const parts: RawBuilder<SqlBool>[] = [];
  for (const p of preds) {
    if (p === true) return true;
    if (p !== false) parts.push(p);
  }
  if (parts.length === 0) return false;
  if (parts.length === 1) return parts[0];
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Two-valued negation: NULL (unknown) counts as false before negating. */
export function not(p: Pred): Pred {
  if (typeof p === 'boolean') return !p;
  return sql<SqlBool>`not coalesce(${p}, false)`;
}

export function toExpression(p: Pred): RawBuilder<SqlBool> {
  if (p === true) return TRUE_SQL;
  if (p === false) return FALSE_SQL;
  return p;
}
