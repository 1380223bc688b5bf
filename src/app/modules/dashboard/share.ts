/**
 * Share widgets (DashboardWidget.share): CSAT and NPS as the aggregate API's counts combined. The
 * widget's own query counts every record; one more query per side counts those above the line
 * (`of`) and those subtracted (`minus`), with the same groups. The value of each group is
 * 100 × (of − minus) ÷ all.
 */
import type { ShareFormula } from '../../../../resources/dashboards/types';
import { formatDecimal } from '../../format';

export interface AggregateRow {
  value: number | null;
  outros?: boolean;
  [key: string]: unknown;
}
export interface AggregateAnswer {
  rows: AggregateRow[];
  total: number | null;
}

/** The query of one side of the share: the widget's query with that side's filters added. */
export function sideQuery<Q extends Record<string, unknown>>(query: Q, side: Record<string, string | string[]> | undefined): Q | undefined {
  if (!side) return undefined;
  return { ...query, ...side };
}

const pct = (part: number, all: number) => (all > 0 ? (100 * part) / all : null);

/**
 * The share of each group (and of the total) from the three counts; groups are matched by their
 * key (`groupBy`), a group absent from a side counts 0 there. null where nothing was counted.
 */
export function combineShare(all: AggregateAnswer, of: AggregateAnswer, minus: AggregateAnswer | undefined, groupBy?: string): AggregateAnswer {
  const key = (r: AggregateRow) => JSON.stringify(groupBy ? (r[groupBy] ?? null) : null);
  const index = (a: AggregateAnswer | undefined) => new Map((a?.rows ?? []).map((r) => [key(r), Number(r.value ?? 0)]));
  const ofBy = index(of);
  const minusBy = index(minus);
  const value = (k: string, n: number) => {
    const v = pct((ofBy.get(k) ?? 0) - (minusBy.get(k) ?? 0), n);
    return v === null ? null : Math.round(v * 10) / 10;
  };
  const total = pct(Number(of.total ?? 0) - Number(minus?.total ?? 0), Number(all.total ?? 0));
  return {
    rows: all.rows.map((r) => ({ ...r, value: value(key(r), Number(r.value ?? 0)) })),
    total: total === null ? null : Math.round(total * 10) / 10,
  };
}

/** 72.5 → "72,5%" (percent) or 45 → "+45" (score, NPS). */
export function shareFormatter(share: ShareFormula): (v: number) => string {
  if (share.display === 'score') return (v) => (v > 0 ? `+${formatDecimal(Math.round(v), 0)}` : formatDecimal(Math.round(v), 0));
  return (v) => `${formatDecimal(v, Number.isInteger(v) ? 0 : 1)}%`;
}
