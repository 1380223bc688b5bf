/**
 * /api/v1/schemas: the effective schemas (code + administrators' overlay) and their run-time
 * configuration (issue 15). Administrators of an entity are staff users with an unconditional
 * `manage` on its subject: `acesso_total` (manage all) or the module's `admin_*` role.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { EntitySchema } from '../../../schemas/kinds';
import { CODE_SCHEMAS } from '../../../schemas';
import { subFieldOf, type CustomFieldDef, type FieldPatch, type OverlayChange } from '../../../schemas/overlay';
import type { AppAbility } from '../../access/ability';
import { isExternalUser, type PortalUser } from '../../access/user';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody } from '../crud/routes';
import type { SchemaRegistry } from './registry';
import { overlayHistory, recordsWithValue, storeOverlayChange } from './store';
import { listJson } from '../http/list-answer';

/** May this user change the schema of this entity at run time? */
export function canConfigure(user: PortalUser, ability: AppAbility, schema: EntitySchema): boolean {
  if (isExternalUser(user)) return false;
  return ability.rulesFor('manage' as never, schema.subject as never).some((r) => !r.inverted && !r.conditions && !r.fields && r.action === 'manage');
}

const withoutInternalFields = (s: EntitySchema): EntitySchema => (s.fields.some((f) => f.internal) ? { ...s, fields: s.fields.filter((f) => !f.internal) } : s);

/**
 * The code schemas' fingerprint, part of the answer's ETag: a new release of the server with the
 * same overlay versions still sends its new fields (the browser's cache would otherwise keep the
 * previous release's schemas, and the app's bundle no longer carries the fields).
 */
const CODE_FINGERPRINT = createHash('sha1').update(JSON.stringify(CODE_SCHEMAS)).digest('base64url').slice(0, 12);

const canRead = (ability: AppAbility, schema: EntitySchema) => ability.can('read' as never, schema.subject as never);

/** The `version` the client read (optimistic lock), taken out of the body; undefined when not sent. */
function takeVersion(body: Record<string, unknown>): number | undefined {
  const { version } = body;
  delete body.version;
  if (version === undefined) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new ApiError(400, 'Versão da configuração inválida.', { version: ['Informe um número inteiro.'] });
  }
  return version;
}

async function objectBody(req: Request): Promise<Record<string, unknown>> {
  const body = await jsonBody(req);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  return { ...(body as Record<string, unknown>) };
}

export function schemaConfigRoutes(db: Db, registry: SchemaRegistry) {
  const r = new Hono<AppEnv>();

  r.get('/', (c) => {
    const user = c.get('user');
    const ability = c.get('ability');
    const external = isExternalUser(user);
    const readable = registry.all().filter((s) => canRead(ability, s));
    // Clients and partners never see the fields kept for the internal team.
    const schemas = external ? readable.map(withoutInternalFields) : readable;
    const versions = Object.fromEntries(schemas.map((s) => [s.resource, registry.version(s.resource)]));
    const configurable = schemas.filter((s) => canConfigure(user, ability, s)).map((s) => s.resource);
    const etag = `W/"${createHash('sha1')
      .update(JSON.stringify([CODE_FINGERPRINT, versions, configurable, external]))
      .digest('base64url')
      .slice(0, 20)}"`;
    c.header('etag', etag);
    c.header('cache-control', 'private, no-cache');
    const inm = c.req.header('if-none-match');
    if (inm && inm.split(',').some((t) => t.trim() === etag)) return c.body(null, 304);
    return c.json({ versions, configurable, schemas });
  });

  /** The code schema of a resource the caller administers (404 unknown, 403 not an administrator). */
  const administered = (c: { get: (k: 'user' | 'ability') => any }, resource: string): EntitySchema => {
    const base = registry.base(resource);
    if (!base) throw new ApiError(404, 'Recurso não encontrado.');
    if (!canConfigure(c.get('user'), c.get('ability'), base)) {
      throw new ApiError(403, `Só os administradores de ${base.labelPlural} podem configurar esta entidade.`);
    }
    return base;
  };

  const knownField = (base: EntitySchema, name: string) => {
    if (!base.fields.some((f) => f.name === name) && !subFieldOf(base, name) && !registry.overlay(base.resource).overlay.custom?.some((f) => f.name === name)) {
      throw new ApiError(404, `Campo "${name}" não encontrado em ${base.labelPlural}.`);
    }
  };

  const store = async (base: EntitySchema, change: OverlayChange, by: string, expected: number | undefined) => {
    const saved = await storeOverlayChange(db, base, change, by, expected);
    await registry.reload();
    return { version: saved.version, schema: registry.get(base.resource) };
  };

  r.get('/:resource/history', async (c) => {
    const base = administered(c, c.req.param('resource'));
    return listJson(c, await overlayHistory(db, base.resource));
  });

  r.post('/:resource/fields', async (c) => {
    const base = administered(c, c.req.param('resource'));
    const body = await objectBody(c.req.raw);
    const expected = takeVersion(body);
    const out = await store(base, { op: 'addField', field: body as unknown as CustomFieldDef }, c.get('user').email, expected);
    return c.json(out, 201);
  });

  r.patch('/:resource/fields/:name', async (c) => {
    const base = administered(c, c.req.param('resource'));
    knownField(base, c.req.param('name'));
    const body = await objectBody(c.req.raw);
    const expected = takeVersion(body);
    return c.json(await store(base, { op: 'patchField', name: c.req.param('name'), patch: body as FieldPatch }, c.get('user').email, expected));
  });

  /** How many records hold a value in the field (what a purge would delete). */
  r.get('/:resource/fields/:name/usage', async (c) => {
    const base = administered(c, c.req.param('resource'));
    knownField(base, c.req.param('name'));
    if (subFieldOf(base, c.req.param('name'))) throw new ApiError(400, 'Subcampos não têm dados próprios para excluir: a contagem vale só para campos.');
    return c.json({ records: await recordsWithValue(db, registry.get(base.resource)!, c.req.param('name')) });
  });

  /** Hides a custom field (data kept); with `?purge=true`, deletes the data of one already hidden and frees its name. */
  r.delete('/:resource/fields/:name', async (c) => {
    const base = administered(c, c.req.param('resource'));
    knownField(base, c.req.param('name'));
    const v = c.req.query('version');
    const expected = v === undefined ? undefined : takeVersion({ version: /^\d{1,9}$/.test(v) ? Number(v) : v });
    const purge = c.req.query('purge');
    if (purge !== undefined && purge !== 'true' && purge !== 'false')
      throw new ApiError(400, 'Use purge=true para excluir definitivamente os dados.', { purge: ['Use true ou false.'] });
    const op = purge === 'true' ? 'purgeField' : 'hideField';
    return c.json(await store(base, { op, name: c.req.param('name') }, c.get('user').email, expected));
  });

  return r;
}
