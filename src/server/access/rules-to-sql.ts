/**
 * Turns a user's CASL rules for (action, subject) into a Kysely boolean
 * expression for `.where(...)`, following the storage convention of
 * docs/conventions.md (one column per field, jsonb for person/object/tags...).
 *
 * Semantics mirror CASL's in-memory check (@ucast/js) so that the rows the API
 * returns are exactly the records for which `ability.can(action, subject(type, row))`
 * holds, with these rules:
 * - no rule at all for the action/subject (rulesToAST → null) → `{ forbidden: true }` (HTTP 403);
 * - an unconditional allow → TRUE;
 * - a condition that cannot be translated (unknown field, unsupported operator
 *   or value) denies: it becomes FALSE whatever its polarity (also inside a
 *   `cannot` rule), so an untranslatable condition never widens access.
 * - values are always bound parameters; identifiers come from the schema.
 *
 * Node-side only (the SQL is PostgreSQL).
 */
import { rulesToAST } from '@casl/ability/extra';
import type { Expression, SqlBool } from 'kysely';
import type { AppAbility } from '../../access/ability';
import type { EntitySchema } from '../../../schemas/kinds';
import { and, not, or, toExpression, FALSE_SQL, type Pred } from './sql-predicates';
import { resolve, type AccessWhereOptions, type Resolved } from './rule-fields';
import { compareLeaf, decideByFacts, eqLeaf, existsLeaf, inLeaf, UNTRANSLATABLE, type LeafResult } from './rule-leaves';

export type { AccessWhereOptions };

export type AccessWhere =
  | { forbidden: true }
  | {
      forbidden: false;
      /** Use in `.where(where)`. */
      where: Expression<SqlBool>;
      /** True when the rules allow every row (the expression is TRUE). */
      unrestricted: boolean;
    };

/** A condition node as produced by @ucast (FieldCondition / CompoundCondition). */
interface AstNode {
  operator: string;
  field?: string;
  value: unknown;
}

/** Per-translation memo of resolved paths (one accessWhere call reuses the same expressions). */
interface Ctx {
  schema: EntitySchema;
  options: AccessWhereOptions;
  resolved: Map<string, Resolved | null>;
}

function resolveCached(path: unknown, ctx: Ctx): Resolved | null {
  if (typeof path !== 'string') return null;
  let r = ctx.resolved.get(path);
  if (r === undefined) {
    r = resolve(path, ctx.schema, ctx.options);
    ctx.resolved.set(path, r);
  }
  return r;
}

// ---------------------------------------------------------------------------
// The walk: `negated` pushes NOT down (De Morgan), so that an untranslatable
// leaf can be FALSE in whichever polarity it is asked for.

function translate(node: AstNode, ctx: Ctx, negated: boolean): Pred {
  if (!node || typeof node !== 'object' || typeof node.operator !== 'string') return false;
  const op = node.operator.toLowerCase();
  const children = (): AstNode[] => (Array.isArray(node.value) ? (node.value as AstNode[]) : []);
  switch (op) {
    case 'and':
      if (!Array.isArray(node.value)) return false;
      return negated ? or(children().map((c) => translate(c, ctx, true))) : and(children().map((c) => translate(c, ctx, false)));
    case 'or':
      if (!Array.isArray(node.value)) return false;
      return negated ? and(children().map((c) => translate(c, ctx, true))) : or(children().map((c) => translate(c, ctx, false)));
    case 'nor':
      if (!Array.isArray(node.value)) return false;
      return translate({ operator: 'or', value: node.value }, ctx, !negated);
    case 'not': {
      const child = Array.isArray(node.value) ? node.value[0] : node.value;
      if (!child || typeof child !== 'object') return false;
      return translate(child as AstNode, ctx, !negated);
    }
    case 'ne':
      return translate({ ...node, operator: 'eq' }, ctx, !negated);
    case 'nin':
      return translate({ ...node, operator: 'in' }, ctx, !negated);
  }
  const r = resolveCached(node.field, ctx);
  if (!r) return false; // unknown field → deny
  const known = typeof node.field === 'string' ? ctx.options.facts?.get(node.field) : undefined;
  if (known?.length && r.shape === 'scalar' && r.type === 'text') {
    const decided = decideByFacts(op, node.value, known);
    if (decided !== undefined) return negated ? !decided : decided;
  }
  let result: LeafResult;
  switch (op) {
    case 'eq':
      result = eqLeaf(r, node.value);
      break;
    case 'in':
      result = inLeaf(r, node.value);
      break;
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      result = compareLeaf(r, op, node.value);
      break;
    case 'exists':
      result = existsLeaf(r, node.value);
      break;
    default:
      result = UNTRANSLATABLE; // regex, all, size, elemMatch, where, mod...
  }
  if (result === UNTRANSLATABLE) return false;
  return negated ? not(result) : result;
}

/** The condition AST of a rule set (exported for tests and diagnostics). */
export function conditionToSql(ast: unknown, schema: EntitySchema, options: AccessWhereOptions = {}): Expression<SqlBool> {
  return toExpression(translate(ast as AstNode, { schema, options, resolved: new Map() }, false));
}

/**
 * The rows of `schema`'s table the user may `action`:
 * `{ forbidden: true }` when no rule grants the action on the subject at all
 * (answer 403), else a WHERE expression (TRUE when unrestricted).
 */
export function accessWhere(ability: AppAbility, action: string, schema: EntitySchema, options: AccessWhereOptions = {}): AccessWhere {
  let ast: unknown;
  try {
    ast = rulesToAST(ability, action as never, schema.subject as never);
  } catch {
    // A rule whose conditions cannot even be parsed: deny every row.
    return { forbidden: false, where: FALSE_SQL, unrestricted: false };
  }
  if (ast === null || ast === undefined) return { forbidden: true };
  const pred = translate(ast as AstNode, { schema, options, resolved: new Map() }, false);
  return { forbidden: false, where: toExpression(pred), unrestricted: pred === true };
}
