/**
 * /api/v1/sla/{resource}: the SLA policies in force for an entity (GET: whoever reads the entity)
 * and their change by its administrators (PUT with the version read: 409 when someone changed
 * them since; 400 with pt-BR messages per key and nothing stored when refused). Administrators are
 * the staff users with an unconditional `manage` on the subject, as for the schema configuration.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import { schemaByResource } from '../../../schemas';
import { SLA_FIELD_NAMES } from '../../../schemas/shared/sla';
import { alterarSla, sla as slaRoute } from '../../../resources/sla';
import { ROLE_LABELS } from '../../access/roles';
import { isExternalUser, type PortalUser } from '../../access/user';
import type { AppAbility } from '../../access/ability';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { declaredRouter } from '../http/declared-route';
import { tableWritten } from '../crud/write-events';
import { effectiveSla, storeSla } from './policy';
import { recomputeRecords } from './engine';
import { sql } from 'kysely';

/** May this user change the entity's SLA? (Its administrators: unconditional `manage` on the subject, staff only.) */
export function canAdministerSla(user: PortalUser, ability: AppAbility, schema: EntitySchema): boolean {
  if (isExternalUser(user)) return false;
  return ability.rulesFor('manage' as never, schema.subject as never).some((r) => !r.inverted && !r.conditions && !r.fields && r.action === 'manage');
}

function slaSchema(resource: string): EntitySchema {
  const schema = schemaByResource(resource);
  if (!schema?.sla) throw new ApiError(404, 'Esta entidade não tem SLA.');
  return schema;
}

/** What the editing screen needs besides the policy: states, fields usable in conditions, roles. */
function vocabulary(schema: EntitySchema) {
  const sla = new Set<string>(SLA_FIELD_NAMES);
  return {
    states: (schema.workflow?.states ?? []).map((s) => ({ value: s.value, label: s.label ?? s.value, final: !!s.final })),
    initial: schema.workflow?.initial ?? null,
    fields: schema.fields
      .filter((f) => !sla.has(f.name) && !f.hidden && ['enum', 'text', 'reference', 'boolean', 'person', 'email', 'integer'].includes(f.kind))
      .map((f) => ({ name: f.name, label: f.label, kind: f.kind, ...(f.options ? { options: f.options } : {}) })),
    dateFields: schema.fields.filter((f) => f.kind === 'date' || f.kind === 'datetime').map((f) => ({ name: f.name, label: f.label, kind: f.kind })),
    roles: Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label })),
  };
}

export function slaRoutes(db: Db) {
  const { router, add } = declaredRouter('/sla');

  add(slaRoute, async (c, req) => {
    const schema = slaSchema(req.params.resource);
    const user = c.get('user');
    const ability = c.get('ability');
    if (isExternalUser(user) || !ability.can('read' as never, schema.subject as never))
      throw new ApiError(403, `Você não tem acesso ao SLA de ${schema.labelPlural}.`);
    const eff = (await effectiveSla(db, schema))!;
    return req.reply(200, {
      resource: schema.resource,
      label: schema.labelPlural,
      version: eff.version,
      sla: eff.decl,
      declared: schema.sla,
      canEdit: canAdministerSla(user, ability, schema),
      ...vocabulary(schema),
    });
  });

  add(alterarSla, async (c, req) => {
    const schema = slaSchema(req.params.resource);
    const user = c.get('user');
    if (!canAdministerSla(user, c.get('ability'), schema)) throw new ApiError(403, `Só os administradores de ${schema.labelPlural} podem alterar o SLA.`);
    const { version, sla } = await req.body();
    // The open records' deadlines follow the new targets, in the same transaction.
    const stored = await storeSla(db, schema, sla, user.email, version, (trx) =>
      recomputeRecords(trx, schema, { where: sql`coalesce("slaSituacao", '') <> 'Atendido'` }),
    );
    tableWritten(schema.name);
    return req.reply(200, { resource: schema.resource, version: stored.version, sla: stored.decl });
  });

  return router;
}
