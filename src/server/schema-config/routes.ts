/**
 * /api/v1/schemas: the effective schemas (code + administrators' overlay) and their run-time
 * configuration (issue 15). Administrators of an entity are staff users with an unconditional
 * `manage` on its subject: `acesso_total` (manage all) or the module's `admin_*` role.
 */
import { createHash } from 'node:crypto';
import type { EntitySchema } from '../../../schemas/kinds';
import { CODE_SCHEMAS } from '../../../schemas';
import { subFieldOf, type CustomFieldDef, type FieldPatch, type OverlayChange } from '../../../schemas/overlay';
import {
  alterarCampoEntidade,
  criarCampoPersonalizado,
  esquemasEfetivos,
  historicoConfiguracaoEntidade,
  removerCampoPersonalizado,
  usoCampoEntidade,
} from '../../../resources/schema-config';
import type { AppAbility } from '../../access/ability';
import { isExternalUser, type PortalUser } from '../../access/user';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { declaredRouter } from '../http/declared-route';
import type { SchemaRegistry } from './registry';
import { overlayHistory, recordsWithValue, storeOverlayChange } from './store';

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

export function schemaConfigRoutes(db: Db, registry: SchemaRegistry) {
  const { router, add } = declaredRouter('/schemas');

  add(esquemasEfetivos, (c, req) => {
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
    if (inm && inm.split(',').some((t) => t.trim() === etag)) return req.reply(304, undefined);
    return req.reply(200, { versions, configurable, schemas });
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
    return { version: saved.version, schema: registry.get(base.resource)! };
  };

  add(historicoConfiguracaoEntidade, async (c, req) => {
    const base = administered(c, req.params.resource);
    const rows = await overlayHistory(db, base.resource);
    return req.reply(200, rows, { 'x-total-count': String(rows.length) });
  });

  add(criarCampoPersonalizado, async (c, req) => {
    const base = administered(c, req.params.resource);
    // `version` is the optimistic lock; the rest is the field, checked by schemas/overlay-validate.ts.
    const { version, ...field } = await req.body();
    return req.reply(201, await store(base, { op: 'addField', field: field as unknown as CustomFieldDef }, c.get('user').email, version));
  });

  add(alterarCampoEntidade, async (c, req) => {
    const { resource, name } = req.params;
    const base = administered(c, resource);
    knownField(base, name);
    const { version, ...patch } = await req.body();
    return req.reply(200, await store(base, { op: 'patchField', name, patch: patch as FieldPatch }, c.get('user').email, version));
  });

  /** How many records hold a value in the field (what a purge would delete). */
  add(usoCampoEntidade, async (c, req) => {
    const { resource, name } = req.params;
    const base = administered(c, resource);
    knownField(base, name);
    if (subFieldOf(base, name)) throw new ApiError(400, 'Subcampos não têm dados próprios para excluir: a contagem vale só para campos.');
    return req.reply(200, { records: await recordsWithValue(db, registry.get(base.resource)!, name) });
  });

  /** Hides a custom field (data kept); with `?purge=true`, deletes the data of one already hidden and frees its name. */
  add(removerCampoPersonalizado, async (c, req) => {
    const { resource, name } = req.params;
    const base = administered(c, resource);
    knownField(base, name);
    const query = req.query();
    const expected = query.version === undefined ? undefined : Number(query.version);
    const purge = query.purge;
    if (purge !== undefined && purge !== 'true' && purge !== 'false')
      throw new ApiError(400, 'Use purge=true para excluir definitivamente os dados.', { purge: ['Use true ou false.'] });
    const op = purge === 'true' ? 'purgeField' : 'hideField';
    return req.reply(200, await store(base, { op, name }, c.get('user').email, expected));
  });

  return router;
}
