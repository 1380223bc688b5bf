/**
 * Indexes for the access rules: every field a rule of docs/access.md conditions on (as the rule files of
 * src/access/rules/ write it) gets an index whose expression is exactly the one rules-to-sql.ts puts in the WHERE, so
 * a restricted list is an index scan (an OR of rules a BitmapOr) rather than a scan of the table.
 *
 * The fields are found by building the rules of probe users that hold every role (staff, substitute
 * site manager, client, supplier, law firm) and walking their conditions; nothing is listed by hand
 * (the roles come from `ROLES`, src/access/roles.ts; drift check in access-indexes.test.ts).
 */
import { rulesFor } from '../../access/ability';
import { RULE_ROLES } from '../../access/roles';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { ident } from './columns';

/** Every role the rules test (`RULE_ROLES` of src/access/roles.ts: all roles but the user kinds). */
export const PROBE_ROLES: readonly string[] = RULE_ROLES;

function probeUsers(): unknown[] {
  const common = { email: 'probe@portal.local', username: 'probe@portal.local', id_user: 'probe', name: 'Probe', empresa: ['E'], obra: ['1'] };
  return [
    { ...common, roles: PROBE_ROLES, tipo: 'colaborador', obrasSubstituto: ['1'] },
    { ...common, roles: ['cliente', ...PROBE_ROLES], tipo: 'cliente' },
    { ...common, roles: [], tipo: 'fornecedor' },
    { ...common, roles: [], tipo: 'escritorio' },
  ];
}

export interface RuleCondition {
  path: string;
  /** `$exists: false` somewhere on this path. */
  absent: boolean;
}

function walk(cond: unknown, out: Map<string, RuleCondition>) {
  if (!cond || typeof cond !== 'object') return;
  for (const [key, value] of Object.entries(cond as Record<string, unknown>)) {
    if (key === '$or' || key === '$and' || key === '$nor') {
      if (Array.isArray(value)) for (const c of value) walk(c, out);
      continue;
    }
    if (key.startsWith('$')) continue;
    const entry = out.get(key) ?? { path: key, absent: false };
    if (value && typeof value === 'object' && !Array.isArray(value) && (value as { $exists?: unknown }).$exists === false) entry.absent = true;
    out.set(key, entry);
  }
}

let cache: Map<string, RuleCondition[]> | undefined;

/** Subject → the condition paths of its rules (for every probe user). */
export function ruleConditions(): Map<string, RuleCondition[]> {
  if (cache) return cache;
  const bySubject = new Map<string, Map<string, RuleCondition>>();
  for (const user of probeUsers()) {
    for (const rule of rulesFor(user)) {
      if (!rule.conditions) continue;
      const subjects = Array.isArray(rule.subject) ? rule.subject : [rule.subject];
      for (const s of subjects) {
        if (typeof s !== 'string' || s === 'all') continue;
        const m = bySubject.get(s) ?? new Map<string, RuleCondition>();
        walk(rule.conditions, m);
        bySubject.set(s, m);
      }
    }
  }
  cache = new Map([...bySubject].map(([s, m]) => [s, [...m.values()]]));
  return cache;
}

const UNINDEXED = new Set(['longtext', 'rows', 'attachments', 'images']);

/** name → CREATE INDEX of the expressions rules-to-sql.ts writes for this schema's rule conditions. */
export function accessIndexes(schema: EntitySchema): Record<string, string> {
  const t = schema.name;
  const out: Record<string, string> = {};
  const add = (name: string, method: string, expr: string, where = '') => {
    out[name] = `CREATE INDEX IF NOT EXISTS ${ident(name)} ON ${ident(t)} USING ${method} ${expr}${where}`;
  };
  for (const { path, absent } of ruleConditions().get(schema.subject) ?? []) {
    const [head, sub, ...rest] = path.split('.');
    if (rest.length) continue;
    const f: FieldDef | undefined = schema.fields.find((x) => x.name === head);
    if (!f || f.unique || UNINDEXED.has(f.kind)) continue;
    const col = ident(f.name);
    if (sub === undefined) {
      if (f.kind === 'object' || f.kind === 'person') continue;
      add(`${t}_${f.name}_idx`, f.kind === 'tags' ? 'gin' : 'btree', `(${col})`);
      continue;
    }
    const inner = f.kind === 'person' ? (sub === 'mail' || sub === 'nome' ? 'text' : undefined) : f.fields?.find((x) => x.name === sub)?.kind;
    if (!inner || !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(sub)) continue;
    const suffix = f.kind === 'person' && sub === 'mail' ? '' : `_${sub}`;
    if (inner === 'tags') add(`${t}_${f.name}${suffix}_idx`, 'gin', `((${col}->'${sub}'))`);
    else if (!UNINDEXED.has(inner) && inner !== 'object') add(`${t}_${f.name}${suffix}_idx`, 'btree', `((${col}->>'${sub}'))`);
    // `$exists: false` → `"f"->'sub' is null`: a partial index the planner can use in a BitmapOr.
    if (absent) add(`${t}_${f.name}_${sub}_absent_idx`, 'btree', '(id)', ` WHERE ((${col}->'${sub}') IS NULL)`);
  }
  return out;
}
