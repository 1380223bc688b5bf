/**
 * Dashboards as data: each widget is one aggregate query (GET /{resource}/aggregate) rendered by
 * the generic dashboard view. Isomorphic: no React, no Node.
 */
export type WidgetKind = 'kpi' | 'bar' | 'column' | 'line' | 'pie' | 'table' | 'records';

type Filters = Record<string, string | string[]>;

/**
 * A share of the counted records instead of the count: 100 × (count with `of` − count with `minus`)
 * ÷ count, per group on a chart. CSAT: `{ of: { nota_gte: '4' } }`; NPS: promoters minus detractors,
 * `{ of: { nps_gte: '9' }, minus: { nps_lte: '6' }, display: 'score' }`.
 */
export interface ShareFormula {
  /** Extra filters of the records above the line (added to the widget's). */
  of: Filters;
  /** Extra filters of records whose share is subtracted. */
  minus?: Filters;
  /** 'percent' (default): 72,5%; 'score': a signed whole number (NPS +45). */
  display?: 'percent' | 'score';
}

export interface DashboardWidget {
  id: string;
  title: string;
  kind: WidgetKind;
  /** Schema name of the records counted. */
  entity: string;
  /** 'count' | 'sum:campo' | 'avg:campo' | 'avgDays:inicio,fim' … (aggregate API). */
  measure?: string;
  /** The value is a share of the count (kpi and charts; measure must be count). */
  share?: ShareFormula;
  groupBy?: string;
  interval?: 'day' | 'week' | 'month' | 'year';
  top?: number;
  /**
   * Fixed list filters (the list's query parameters). Values: '$hoje' today, '$hoje+N' / '$ontem'
   * relative days, ':param' a route parameter (the site of /obras/:obra/…), '?param' a query parameter.
   */
  filters?: Filters;
  /** kind 'records': the latest records themselves (list API), these columns, at most `limit` (default 10). */
  columns?: string[];
  limit?: number;
  /** kind 'records': the order (default: the schema's). */
  sort?: { field: string; order: 'asc' | 'desc' };
  /** The date field the dashboard's period applies to (none: the widget ignores the period). */
  periodField?: string;
  /** Grid width out of 24 at desktop (default 12; KPIs 6). */
  span?: number;
  /** Help shown under the title. */
  help?: string;
}

export interface DashboardSpec {
  id: string;
  title: string;
  /** Default period in months back from today (the filter at the top; kept in the URL). */
  defaultMonths: number;
  widgets: DashboardWidget[];
}
