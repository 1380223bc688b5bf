/**
 * The OpenAPI paths of the declared routes (resources/api-route.ts, issue 37): each route's
 * parameters, body and answers written from its zod schemas (zod's own JSON Schema, draft 2020-12,
 * the dialect of OpenAPI 3.1), merged by src/server/openapi/document.ts with the paths generated from
 * the entity schemas. The request is documented as the client sends it (`io: 'input'`); an object
 * refuses unknown keys in the document only when its schema does (`z.strictObject`).
 */
import { z } from 'zod';
import { DOCUMENTED_AS, REQUIRED_IN_DOCUMENT, type RouteDecl } from '../../../resources/api-route';
import type { JsonSchema } from './field-schemas';

const SAFE = Number.MAX_SAFE_INTEGER;
/** zod's names of its string checks, written as `format` beside the `pattern` that says it all. */
const CHECK_FORMATS = new Set(['starts_with', 'ends_with', 'includes', 'regex']);

const isEmpty = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;

/** Noise of zod's output: the safe-integer bounds of `z.int()`, record keys that are any text, check names as formats. */
function tidy(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(tidy);
  if (!node || typeof node !== 'object') return;
  const o = node as JsonSchema;
  if (o.minimum === -SAFE) delete o.minimum;
  if (o.maximum === SAFE) delete o.maximum;
  if (typeof o.format === 'string' && CHECK_FORMATS.has(o.format)) delete o.format;
  // An open object (`z.looseObject`): `additionalProperties: true`, without an empty `properties`.
  if (isEmpty(o.additionalProperties)) o.additionalProperties = true;
  if (isEmpty(o.properties) && o.additionalProperties === true) delete o.properties;
  // `x.meta({ description }).nullable()`: the description on the whole, as for any other part.
  const [first, second] = (o.anyOf as JsonSchema[] | undefined) ?? [];
  if (o.anyOf && (o.anyOf as unknown[]).length === 2 && second?.type === 'null' && first?.description && !o.description) {
    o.description = first.description;
    delete first.description;
  }
  const names = o.propertyNames as JsonSchema | undefined;
  if (names && Object.keys(names).length === 1 && names.type === 'string') delete o.propertyNames;
  for (const v of Object.values(o)) tidy(v);
}

/** The JSON Schema of a zod schema, as the document writes it. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema instanceof z.ZodObject) {
        const keys = Object.entries(zodSchema.shape as Record<string, z.ZodType>).filter(([, part]) => REQUIRED_IN_DOCUMENT.has(part));
        if (keys.length) (jsonSchema as JsonSchema).required = [...new Set([...((jsonSchema.required as string[]) ?? []), ...keys.map(([k]) => k)])];
      }
      const doc = DOCUMENTED_AS.get(zodSchema as unknown as z.ZodType);
      if (!doc) return;
      const json = doc instanceof z.ZodType ? jsonSchemaOf(doc) : structuredClone(doc);
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
      Object.assign(jsonSchema, json);
    },
  }) as JsonSchema;
  delete out.$schema;
  tidy(out);
  return out;
}

/** One parameter per key of `schema`; the description goes on the parameter. */
function parametersOf(schema: z.ZodObject | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, { description, ...part }]) => ({
    name,
    in: where,
    ...(where === 'path' || required.has(name) ? { required: true } : {}),
    ...(description ? { description } : {}),
    schema: part,
  }));
}

function operationOf(route: RouteDecl): JsonSchema {
  const responses: JsonSchema = {};
  for (const [status, answer] of Object.entries(route.answers)) {
    if (typeof answer === 'string') responses[status] = { $ref: `#/components/responses/${answer}` };
    else
      responses[status] = {
        description: answer.description,
        ...(answer.headers ? { headers: answer.headers } : {}),
        ...(answer.schema ? { content: { 'application/json': { schema: jsonSchemaOf(answer.schema) } } } : {}),
      };
  }
  const parameters = [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')];
  const extra = route.openapi ?? {};
  const extraParameters = (extra.parameters as JsonSchema[] | undefined) ?? [];
  return {
    tags: [...route.tags],
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    ...extra,
    ...(parameters.length || extraParameters.length ? { parameters: [...parameters, ...extraParameters] } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body) } } } } : {}),
    responses,
  };
}

/** The paths of `routes`, one operation per route (two routes of one path and method: an error). */
export function declaredPaths(routes: readonly RouteDecl[]): Record<string, JsonSchema> {
  const paths: Record<string, JsonSchema> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`${route.method.toUpperCase()} ${route.path} declarado duas vezes.`);
    item[route.method] = operationOf(route);
  }
  return paths;
}
