/**
 * BENCH_PROFILE=1 of the benchmarks: every statement sent through `pg` or to PGlite is counted and
 * timed (from the call to its answer), grouped by its first words, so a run shows where the database
 * time goes (statements per imported row, the slowest kinds). `take()` returns the table since the
 * last call and starts a new one.
 */
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

interface Entry {
  count: number;
  ms: number;
}

let stats = new Map<string, Entry>();

const shape = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '$')
    .replace(/(\(\$(, ?\$)*\),? ?)+/g, '(…) ')
    .trim()
    .slice(0, 90);

/** Starts counting (once per process), on PostgreSQL (`pg`) and on PGlite. */
export function startSqlProfile(): void {
  wrap(pg.Client.prototype as unknown as Wrapped);
  wrap(PGlite.prototype as unknown as Wrapped);
}

type Wrapped = { query: (...a: unknown[]) => unknown; __profiled?: boolean };

function wrap(proto: Wrapped): void {
  if (proto.__profiled) return;
  proto.__profiled = true;
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    const text = typeof q === 'string' ? q : ((q as { text?: string } | undefined)?.text ?? '');
    const t0 = performance.now();
    const out = original.apply(this, args);
    if (out && typeof (out as Promise<unknown>).then === 'function') {
      const k = shape(text);
      const done = () => {
        const e = stats.get(k) ?? stats.set(k, { count: 0, ms: 0 }).get(k)!;
        e.count++;
        e.ms += performance.now() - t0;
      };
      (out as Promise<unknown>).then(done, done);
    }
    return out;
  };
}

/** The statements since the last call, slowest kinds first (`rows`: the rows of the phase, for per-row counts). */
export function takeSqlProfile(rows: number, top = 15): string {
  const all = [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms);
  stats = new Map();
  const count = all.reduce((n, [, e]) => n + e.count, 0);
  const ms = all.reduce((n, [, e]) => n + e.ms, 0);
  const lines = all.slice(0, top).map(([k, e]) => `  ${String(e.count).padStart(7)} × ${(e.ms / 1000).toFixed(2).padStart(7)} s  ${k}`);
  return [`  SQL: ${count} comandos (${(count / Math.max(1, rows)).toFixed(1)} por linha), ${(ms / 1000).toFixed(1)} s esperando o banco`, ...lines].join('\n');
}
