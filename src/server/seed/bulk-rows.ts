/**
 * Many rows fast, for benchmarks and plan tests: one `INSERT … SELECT … FROM generate_series` that
 * copies the table's existing (seeded) rows round-robin, spreading them over sites, people and
 * dates. Unique text columns get a suffix; references keep the copied row's (valid) target.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ident } from '../db/columns';

export interface BulkOptions {
  /** Site codes (the schema's `obraField`), row g gets sites[g % n]; they must exist in `obra`. */
  sites?: string[];
  /** Person fields → people ({ mail, nome }); row g gets people[g % n] (same modulus as sites: correlated). */
  people?: Record<string, { mail: string; nome: string }[]>;
  /** Dates move back by (g % spreadDays) days, all dates of a row by the same amount (default 1095). */
  spreadDays?: number;
  /** Rows per statement (default 200,000), so one statement's memory stays small. */
  chunk?: number;
}

const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** Insert `n` copies of `schema`'s current rows (at least one must exist). Returns the rows inserted. */
export async function bulkCopy(db: Db, schema: EntitySchema, n: number, opts: BulkOptions = {}): Promise<number> {
  const spread = Math.max(1, opts.spreadDays ?? 1095);
  const cols: string[] = [];
  const exprs: string[] = [];
  for (const f of schema.fields) {
    const c = ident(f.name);
    let e = `s.${c}`;
    if (f.name === schema.obraField && opts.sites?.length) e = `(array[${opts.sites.map(lit).join(',')}])[1 + g % ${opts.sites.length}]`;
    else if (opts.people?.[f.name]?.length) {
      const list = opts.people[f.name];
      e = `(array[${list.map((p) => `${lit(JSON.stringify(p))}::jsonb`).join(',')}])[1 + g % ${list.length}]`;
    } else if (f.unique && (f.kind === 'text' || f.kind === 'email')) e = `s.${c} || '-' || g`;
    else if (f.unique) continue;
    else if (f.kind === 'date') e = `s.${c} - (g % ${spread})`;
    else if (f.kind === 'datetime') e = `s.${c} - make_interval(days => g % ${spread})`;
    cols.push(c);
    exprs.push(e);
  }
  cols.push('created_by', 'updated_by');
  exprs.push('s.created_by', 's.updated_by');
  const t = ident(schema.name);
  const chunk = opts.chunk ?? 200_000;
  for (let from = 0; from < n; from += chunk) {
    const to = Math.min(n, from + chunk) - 1;
    await sql
      .raw(
        `WITH src AS (SELECT row_number() OVER (ORDER BY id) - 1 AS k, * FROM ${t}), c AS (SELECT count(*) AS n FROM src)
         INSERT INTO ${t} (${cols.join(', ')})
         SELECT ${exprs.join(', ')} FROM generate_series(${from}, ${to}) g CROSS JOIN c JOIN src s ON s.k = g % c.n`,
      )
      .execute(db);
  }
  return n;
}
