/**
 * The schemas the registry (index.ts) starts from. On the server, in the tests and on the dev
 * server: the declared schemas, whole. In the app's production build,
 * scripts/vite/schema-skeleton.ts replaces this module by the same list without fields
 * (`BUNDLED_FIELDS` false): the app then takes the effective schemas, fields included, from
 * GET /api/v1/schemas, which it loads at sign-in anyway and which sends each person only the
 * entities they may read.
 */
export { DECLARED_SCHEMAS as BUNDLED_SCHEMAS } from './declared';
export const BUNDLED_FIELDS: boolean = true;
