/**
 * Refine resource of "Minhas pendências" (`GET /api/v1/pendencias` through the data provider): the
 * live updates refresh it (live-events.tsx), the workflow's screens read it (src/app/workflow/query-keys.ts
 * re-exports it).
 */
export const PENDENCIAS_RESOURCE = 'pendencias';
