/**
 * npm run bench:access — cost of the access rules per API request.
 *
 * Part 1 (this file): for a staff user carrying many roles, one "request" is
 * normalising the user, building the CASL ability and turning the rules of
 * RDO, Contratos, Materiais and Diretorio into SQL (the Kysely query compiled
 * to SQL text, no database). Prints median and p99 in microseconds.
 *
 * Part 2 (list endpoint req/s with vs without rules) is to be added; it can
 * reuse `accessPerRequest` and `BENCH_SCHEMAS`.
 */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery, type Dialect } from 'kysely';
import { pathToFileURL } from 'node:url';
import { defineAbilityFor } from '../src/access/ability';
import { normalizeUser, type PortalUser } from '../src/access/user';
import { STAFF_ROLES } from '../src/access/roles';
import { accessWhere } from '../src/server/access/rules-to-sql';
import type { EntitySchema, FieldDef } from '../schemas/kinds';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 5_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);

/** Every role a staff user's rules test (`STAFF_ROLES`, from `ROLES` in src/access/roles.ts). */
export const ALL_ROLES: readonly string[] = STAFF_ROLES;

/** The roles above without the ones that make RDO/Contratos/Materiais/Diretorio unconditional. */
export const CONDITIONAL_ROLES = ALL_ROLES.filter(
  (r) =>
    !['acesso_total', 'mkt_read', 'controladoria', 'logistica', 'admin_rdo', 'planejamento', 'admin_contratos', 'admin_biblioteca', 'admin_materiais'].includes(
      r,
    ),
);

const SITES = Array.from({ length: 40 }, (_, i) => String(101 + i));
const EMPRESAS = ['Portal Engenharia', 'Portal Fábrica', 'Parceira A', 'Parceira B', 'Parceira C'];

export function benchUser(roles: readonly string[]): PortalUser {
  return normalizeUser({
    id_user: 'bench',
    username: 'bench@portal.local',
    email: 'bench@portal.local',
    name: 'Bench',
    roles,
    empresa: EMPRESAS,
    obra: SITES,
    tipo: 'colaborador',
    specific_rules: JSON.stringify([{ action: 'read', subject: 'RDO', conditions: { status: 'Aprovado' } }]),
  });
}

// Minimal schemas carrying the fields the rules use (same names and kinds as schemas/*.ts).
const person = (name: string): FieldDef => ({ name, kind: 'person', label: name });
const base = { label: 'x', labelPlural: 'xs', gender: 'm' as const, titleField: 'id' };
export const BENCH_SCHEMAS: EntitySchema[] = [
  {
    ...base,
    name: 'diario',
    resource: 'diarios',
    subject: 'RDO',
    fields: [
      { name: 'obra', kind: 'reference', label: 'Obra', ref: 'obra', refKey: 'Id_Lista' },
      { name: 'status', kind: 'enum', label: 'Situação' },
      person('siteManager'),
    ],
  },
  {
    ...base,
    name: 'contrato',
    resource: 'contratos',
    subject: 'Contratos',
    fields: [{ name: 'status', kind: 'enum', label: 'Situação' }, person('responsavel'), person('gestor'), person('validador')],
  },
  {
    ...base,
    name: 'material',
    resource: 'materiais',
    subject: 'Materiais',
    fields: [{ name: 'Status', kind: 'enum', label: 'Situação' }, person('Quantificou'), person('Verificador'), person('Site_manager'), person('Coordenador')],
  },
  {
    ...base,
    name: 'diretorio',
    resource: 'diretorios',
    subject: 'Diretorio',
    fields: [
      {
        name: 'acesso',
        kind: 'object',
        label: 'Acesso',
        fields: ['full', 'rOnly', 'uploadOnly', 'rW', 'rWEdit'].map((n) => ({ name: n, kind: 'tags' as const, label: n })),
      },
    ],
  },
];

/** A Kysely instance that only compiles (PostgreSQL dialect, no connection). */
export function compileOnlyDb(): Kysely<any> {
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
  return new Kysely<any>({ dialect });
}

/**
 * One request's access work: build the ability from the raw user and compile
 * the `read` list query of each schema with its access WHERE (403 → null).
 */
export function accessPerRequest(rawUser: unknown, db: Kysely<any>, schemas: EntitySchema[] = BENCH_SCHEMAS, action = 'read'): (CompiledQuery | null)[] {
  const ability = defineAbilityFor(rawUser);
  return schemas.map((schema) => {
    const access = accessWhere(ability, action, schema);
    if (access.forbidden) return null;
    return db.selectFrom(schema.name).selectAll().where(access.where).orderBy('id', 'desc').limit(25).compile();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function measure(label: string, fn: () => unknown, iterations = ITERATIONS): { median: number; p99: number } {
  for (let i = 0; i < WARMUP; i++) fn();
  const times: number[] = new Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times[i] = Number(process.hrtime.bigint() - t0) / 1000;
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  const p99 = percentile(times, 99);
  console.log(`${label.padEnd(58)} median ${median.toFixed(1).padStart(7)} µs   p99 ${p99.toFixed(1).padStart(7)} µs`);
  return { median, p99 };
}

export function runPart1(): void {
  const db = compileOnlyDb();
  console.log(`bench-access part 1: ${ITERATIONS} iterations (+${WARMUP} warm-up), ${SITES.length} sites, ${EMPRESAS.length} empresas`);
  const profiles: [string, readonly string[]][] = [
    [`all ${ALL_ROLES.length} roles`, ALL_ROLES],
    [`${CONDITIONAL_ROLES.length} roles, conditional SQL`, CONDITIONAL_ROLES],
  ];
  for (const [name, roles] of profiles) {
    const raw = { ...benchUser(roles) };
    const sample = accessPerRequest(raw, db);
    const params = sample.reduce((n, q) => n + (q ? q.parameters.length : 0), 0);
    const chars = sample.reduce((n, q) => n + (q ? q.sql.length : 0), 0);
    console.log(`\n[${name}] 4 queries, ${chars} SQL chars, ${params} parameters`);
    measure('ability only (normalize + defineAbilityFor)', () => defineAbilityFor(raw));
    measure('per request (ability + 4 × rules → SQL → compile)', () => accessPerRequest(raw, db));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runPart1();
