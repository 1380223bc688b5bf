import type { DashboardSpec } from './types';
import { POSVENDA_DASHBOARD } from './posvenda';

/** Dashboards by id (the route's `dashboard`). */
export const DASHBOARDS: Record<string, DashboardSpec> = { [POSVENDA_DASHBOARD.id]: POSVENDA_DASHBOARD };

export type { DashboardSpec, DashboardWidget, WidgetKind } from './types';
