/**
 * Dashboards as data: each widget is one aggregate query (GET /{resource}/aggregate) rendered by
 * the generic dashboard view. Isomorphic: no React, no Node.
 */
export type WidgetKind = 'kpi' | 'bar' | 'column' | 'line' | 'pie' | 'table';

export interface DashboardWidget {
  id: string;
  title: string;
  kind: WidgetKind;
  /** Schema name of the records counted. */
  entity: string;
  /** 'count' | 'sum:campo' | 'avg:campo' … (aggregate API). */
  measure?: string;
  groupBy?: string;
  interval?: 'day' | 'week' | 'month' | 'year';
  top?: number;
  /**
   * Fixed list filters (the list's query parameters). Values: '$hoje' today, '$hoje+N' / '$ontem'
   * relative days, ':param' a route parameter (the site of /obras/:obra/…), '?param' a query parameter.
   */
  filters?: Record<string, string | string[]>;
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
