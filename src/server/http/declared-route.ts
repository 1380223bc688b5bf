/**
 * The server's side of a declared route (resources/api-route.ts, issue 37): a Hono router whose
 * routes take their checks from the declaration. The handler asks for the query and the body when
 * it wants them, after its own permission checks, so a refusal keeps the order it had (403 before
 * 400). A query or body outside its declaration is a 400 with the portal's error body
 * (`{ message, statusCode, errors }`, src/server/http/errors.ts): the declaration's `invalid`
 * message, and a pt-BR message per field — the schema's own, or the generic ones below.
 */
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { RouteDecl, RouteReply } from '../../../resources/api-route';
import type { AppEnv } from './env';
import { ApiError, type FieldErrors } from './errors';
import { jsonBody, quoted } from './input-guards';

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** What a declared route's handler reads and answers, typed by its declaration. */
export interface DeclaredRequest<R extends RouteDecl> {
  /** The path parameters (checked before the handler runs: outside the declaration, 404). */
  params: Out<R['params']>;
  /** The query, checked (400 when outside the declaration). */
  query(): Out<R['query']>;
  /** The JSON body, checked (400 when outside the declaration). */
  body(): Promise<R['body'] extends z.ZodType ? z.output<R['body']> : undefined>;
  /** The answer of `status`, with the body its declaration gives. */
  reply<S extends keyof R['answers'] & number>(status: S, value: RouteReply<R, S>, headers?: Record<string, string>): Response;
}

export type DeclaredHandler<R extends RouteDecl> = (c: Context<AppEnv>, req: DeclaredRequest<R>) => Response | Promise<Response>;

export const BODY_NOT_OBJECT = 'O corpo da requisição deve ser um objeto JSON.';
const DEFAULT_INVALID = 'Dados inválidos. Verifique os campos.';

const TYPE_NAMES: Record<string, string> = {
  string: 'Informe um texto.',
  number: 'Informe um número.',
  int: 'Informe um número inteiro.',
  boolean: 'Informe sim (true) ou não (false).',
  array: 'Informe uma lista.',
  object: 'Informe um objeto.',
};

const sizeWord = (origin: string, n: number | bigint) =>
  origin === 'string' ? `${n} caractere${n === 1 ? '' : 's'}` : origin === 'array' || origin === 'set' ? `${n} ite${n === 1 ? 'm' : 'ns'}` : String(n);

/** The pt-BR message of an issue the schema gives none for. */
export function ptBrIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Campo obrigatório.' : (TYPE_NAMES[issue.expected] ?? 'Valor inválido.');
    case 'too_small':
      return issue.origin === 'number' || issue.origin === 'int' ? `O mínimo é ${issue.minimum}.` : `No mínimo ${sizeWord(issue.origin, issue.minimum)}.`;
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'int' ? `O máximo é ${issue.maximum}.` : `No máximo ${sizeWord(issue.origin, issue.maximum)}.`;
    case 'invalid_value':
      return `Use um destes valores: ${issue.values.map((v) => String(v)).join(', ')}.`;
    case 'unrecognized_keys':
      return 'Campo desconhecido.';
    case 'invalid_format':
      return 'Formato inválido.';
    default:
      return 'Valor inválido.';
  }
}

/** The errors per field of a failed check (`estado.filtros.0`); each unknown key is one field of its own. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = Object.create(null);
  // No prototype: a key such as `__proto__` is a field like any other.
  const add = (key: string, message: string) => {
    const list = (errors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of issues) {
    const at = issue.path.map((p) => quoted(String(p), 60));
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add([...at, key.slice(0, 60)].join('.'), issue.message);
    else add(at.length ? at.join('.') : '_', issue.message);
  }
  return { ...errors };
}

/** `schema` unwrapped of optional/default/nullable: is it an array (a query key that may repeat)? */
function isArraySchema(schema: z.ZodType): boolean {
  let s: z.core.$ZodType = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable) s = s.unwrap();
  return s instanceof z.ZodArray;
}

function check<S extends z.ZodType>(schema: S, value: unknown, invalid: string, isBody: boolean): z.output<S> {
  const result = schema.safeParse(value, { error: ptBrIssue });
  if (result.success) return result.data;
  const issues = result.error.issues;
  // A body that is not even an object: the one message every route answers for it.
  if (isBody && issues.some((i) => i.path.length === 0 && i.code === 'invalid_type')) throw new ApiError(400, BODY_NOT_OBJECT);
  throw new ApiError(400, invalid, issuesToErrors(issues));
}

function readQuery(c: Context<AppEnv>, schema: z.ZodObject, invalid: string) {
  const raw: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const [key, part] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const values = c.req.queries(key);
    if (!values?.length) continue;
    if (isArraySchema(part)) raw[key] = values;
    else if (values.length > 1) errors[key] = [`Informe "${key}" uma vez só.`];
    else raw[key] = values[0];
  }
  if (Object.keys(errors).length) throw new ApiError(400, invalid, errors);
  return check(schema, raw, invalid, false);
}

/** `/visoes/{id}` → `/visoes/:id`. */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * A router for declared routes, mounted by `createApp` at `/api/v1` + `base`: each route's path
 * begins with `base` (`/visoes` for `/visoes/{id}`).
 */
export function declaredRouter(base = '') {
  const router = new Hono<AppEnv>();
  const add = <R extends RouteDecl>(route: R, handler: DeclaredHandler<R>) => {
    if (!route.path.startsWith(base)) throw new Error(`${route.path} não fica em ${base}.`);
    const invalid = route.invalid ?? DEFAULT_INVALID;
    router.on(route.method.toUpperCase(), honoPath(route.path.slice(base.length)) || '/', async (c) => {
      let params: unknown = {};
      if (route.params) {
        const parsed = route.params.safeParse(c.req.param());
        if (!parsed.success) throw new ApiError(404, 'Endereço não encontrado.');
        params = parsed.data;
      }
      const req: DeclaredRequest<R> = {
        params: params as DeclaredRequest<R>['params'],
        query: () => (route.query ? readQuery(c, route.query, invalid) : {}) as ReturnType<DeclaredRequest<R>['query']>,
        body: async () =>
          (route.body ? check(route.body, await jsonBody(c.req.raw), invalid, true) : undefined) as Awaited<ReturnType<DeclaredRequest<R>['body']>>,
        reply: (status, value, headers) => {
          const answer = route.answers[status];
          if (typeof answer === 'object' && !answer.schema) return c.body(null, status as StatusCode, headers);
          return c.json(value as object, status as ContentfulStatusCode, headers);
        },
      };
      return handler(c, req);
    });
    return add;
  };
  return { router, add };
}
