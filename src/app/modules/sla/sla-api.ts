/** HTTP of the SLA editor: GET/PUT /api/v1/sla/{resource} (src/server/sla/routes.ts). */
import type { SlaDecl, SlaPolicyAnswer, SlaPolicySaved } from '../../../../schemas/sla-types';
import { apiCall } from '../../providers/api-client';

export type SlaConfig = SlaPolicyAnswer;

const path = (resource: string) => `/sla/${encodeURIComponent(resource)}`;

export const fetchSla = (apiUrl: string, resource: string) => apiCall<SlaPolicyAnswer>(path(resource), { apiUrl });

export const saveSla = (apiUrl: string, resource: string, version: number, sla: SlaDecl) =>
  apiCall<SlaPolicySaved>(path(resource), { apiUrl, method: 'PUT', body: { version, sla } });
