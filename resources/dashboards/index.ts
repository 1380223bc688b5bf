import type { DashboardSpec } from './types';
import { POSVENDA_DASHBOARD } from './posvenda';
import { CRE_DASHBOARD, CRE_OBRA_DASHBOARD } from './cre';
import { JURIDICO_DASHBOARD } from './juridico';
import { FABRICA_DASHBOARD } from './fabrica';

/** Dashboards by id (the route's `dashboard`). */
export const DASHBOARDS: Record<string, DashboardSpec> = Object.fromEntries(
  [POSVENDA_DASHBOARD, CRE_DASHBOARD, CRE_OBRA_DASHBOARD, JURIDICO_DASHBOARD, FABRICA_DASHBOARD].map((d) => [d.id, d]),
);

export type { DashboardSpec, DashboardWidget, WidgetKind } from './types';
