/**
 * Every declared route (resources/api-route.ts, issue 37): the OpenAPI document writes their paths
 * (src/server/openapi/document.ts), and a test checks that the server answers each of them. A new
 * family of declared routes is added here.
 */
import type { RouteDecl } from './api-route';
import { CALENDAR_ROUTES } from './calendario';
import { PENDENCIAS_ROUTES } from './pendencias';
import { SAVED_VIEW_ROUTES } from './saved-views';
import { SCHEMA_CONFIG_ROUTES } from './schema-config';
import { SIGNATURE_ROUTES } from './signatures';
import { SLA_ROUTES } from './sla';

export const DECLARED_ROUTES: readonly RouteDecl[] = [
  ...CALENDAR_ROUTES,
  ...SLA_ROUTES,
  ...SCHEMA_CONFIG_ROUTES,
  ...SIGNATURE_ROUTES,
  ...PENDENCIAS_ROUTES,
  ...SAVED_VIEW_ROUTES,
];
