/**
 * One declaration per route outside the generic CRUD (issue 37): the request (path parameters,
 * query, body) and the answers, declared once with zod, from which come
 * - the server's checks of the request (src/server/http/declared-route.ts: 400 with pt-BR messages
 *   per field, the portal's error body),
 * - the route's part of the OpenAPI document (src/server/openapi/declared-routes.ts),
 * - the app's types and its call (`callRoute` of src/app/providers/api-client.ts).
 * Isomorphic: zod only. How to declare a route: docs/architecture.md, "A route outside the generic CRUD".
 */
import { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The document's shared error answers (`#/components/responses/…`, src/server/openapi/components.ts). */
export type SharedAnswer =
  'BadRequest' | 'Unauthorized' | 'Forbidden' | 'NotFound' | 'Conflict' | 'UnprocessableEntity' | 'Gone' | 'TooManyRequests' | 'ServiceUnavailable';

/** One answer of a route. */
export interface AnswerDecl {
  description: string;
  /** The JSON body (none: an answer without a body, such as 304). */
  schema?: z.ZodType;
  /** Headers of the answer, as OpenAPI writes them. */
  headers?: Record<string, unknown>;
}

export interface RouteDecl {
  method: HttpMethod;
  /** Under `/api/v1`, as OpenAPI writes it: `/visoes/{id}`. */
  path: string;
  operationId: string;
  tags: readonly string[];
  summary: string;
  description: string;
  /** Path parameters, one key per `{name}` of the path. */
  params?: z.ZodObject;
  /** Query parameters; a key given twice is refused unless its schema is an array. */
  query?: z.ZodObject;
  /** The JSON body. */
  body?: z.ZodType;
  /** The message of the 400 that refuses a query or body outside its declaration (the errors per field go with it). */
  invalid?: string;
  answers: Readonly<Record<number, AnswerDecl | SharedAnswer>>;
  /** More of the OpenAPI operation as it is written (header parameters, `security: []` of a public route). */
  openapi?: Readonly<Record<string, unknown>>;
}

/** A route's declaration, checked and kept with its literal types. */
export const defineRoute = <const R extends RouteDecl>(route: R): R => route;

// ---------------------------------------------------------------------------------------------
// Parts whose JSON Schema is another's

/** Schemas documented as another schema (zod or JSON Schema) in the OpenAPI document. */
export const DOCUMENTED_AS = new WeakMap<z.ZodType, z.ZodType | Record<string, unknown>>();
/** Optional at run time, required in the document (`checkedByHandler`). */
export const REQUIRED_IN_DOCUMENT = new WeakSet<z.ZodType>();

/** `schema`, documented in the OpenAPI document as `doc` (a zod schema or JSON Schema). Call it last: `.optional()`, `.meta()` make another schema. */
export const documentedAs = <S extends z.ZodType>(schema: S, doc: z.ZodType | Record<string, unknown>): S => {
  DOCUMENTED_AS.set(schema, doc);
  return schema;
};

/**
 * A part of a request the route's handler checks itself, against what only the server knows (the
 * entity's fields and states, the lists' own parser): documented and typed for the app as `doc`,
 * passed to the handler as it came (`unknown`), so its messages per key stay the handler's.
 */
export const checkedByHandler = <D extends z.ZodType>(doc: D): z.ZodType<unknown, z.input<D>> => {
  // Absent too: the handler says what is missing, in its words. Required in the document all the same.
  const part = documentedAs(
    z.custom<unknown>(() => true),
    doc,
  ).optional();
  REQUIRED_IN_DOCUMENT.add(part);
  return part as unknown as z.ZodType<unknown, z.input<D>>;
};

/**
 * An answer whose type is declared elsewhere (an entity's schema, `EntitySchema`): typed as `T`,
 * documented as `doc`; answers are not checked at run time.
 */
export const answerTyped = <T>(doc: z.ZodType | Record<string, unknown>): z.ZodType<T, T> =>
  documentedAs(
    z.custom<T>(() => true),
    doc,
  );

/** A record's id in a path, given to the handler as text (its own 404 for anything else); documented as an integer. */
export const pathId = (description?: string) => documentedAs(z.string(), { type: 'integer', minimum: 1, ...(description ? { description } : {}) });

/** The `x-total-count` header of a list answer (issue 36: every GET that answers a JSON array sends it). */
export const LIST_TOTAL_HEADERS = {
  'x-total-count': { description: 'Quantos itens há na lista, ao todo.', schema: { type: 'integer', minimum: 0 } },
};

/** An instant in an answer (ISO 8601 text). */
export const isoDateTime = () => z.string().meta({ format: 'date-time' });

// ---------------------------------------------------------------------------------------------
// Types of a declaration

type Answers<R extends RouteDecl> = R['answers'];
/** The statuses of a route's successful answers. */
export type SuccessStatus<R extends RouteDecl> = Extract<keyof Answers<R>, 200 | 201 | 202 | 204>;
type SchemaOf<A> = A extends { schema: infer S extends z.ZodType } ? S : never;

/** What the handler answers with `status` (the schema's input: what it is built from). */
export type RouteReply<R extends RouteDecl, S extends keyof Answers<R>> = [SchemaOf<Answers<R>[S]>] extends [never]
  ? undefined
  : z.input<SchemaOf<Answers<R>[S]>>;

/** What the app receives from a successful call. */
export type RouteAnswer<R extends RouteDecl> = {
  [S in SuccessStatus<R>]: [SchemaOf<Answers<R>[S]>] extends [never] ? undefined : z.output<SchemaOf<Answers<R>[S]>>;
}[SuccessStatus<R>];

/** The body the app sends. */
export type RouteBody<R extends RouteDecl> = R['body'] extends z.ZodType ? z.input<R['body']> : never;

type ParamValue = string | number;
type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

/** The path parameters the app fills in (text or number: they are written into the path). */
export type RouteParams<R extends RouteDecl> = R['params'] extends z.ZodObject ? { [K in keyof z.input<R['params']>]: ParamValue } : never;

/** The query the app sends (an array: the key repeated). */
export type RouteQuery<R extends RouteDecl> = R['query'] extends z.ZodObject ? { [K in keyof z.input<R['query']>]: QueryValue } : never;
