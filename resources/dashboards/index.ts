import type { DashboardSpec } from './types';
import { POSVENDA_DASHBOARD } from './posvenda';
import { CRE_DASHBOARD, CRE_OBRA_DASHBOARD } from './cre';
import { JURIDICO_DASHBOARD } from './juridico';
import { FABRICA_DASHBOARD, FABRICA_OBRA_DASHBOARD } from './fabrica';
import { SATISFACAO_DASHBOARD } from './satisfacao';

/** Dashboards by id (the route's `dashboard`). */
export const DASHBOARDS: Record<string, DashboardSpec> = Object.fromEntries(
  [POSVENDA_DASHBOARD, CRE_DASHBOARD, CRE_OBRA_DASHBOARD, JURIDICO_DASHBOARD, FABRICA_DASHBOARD, FABRICA_OBRA_DASHBOARD, SATISFACAO_DASHBOARD].map((d) => [
    d.id,
    d,
  ]),
);

export type { DashboardSpec, DashboardWidget, ShareFormula, WidgetKind } from './types';
