/**
 * Refine's accessControlProvider over the CASL ability (docs/access.md, "Refine's action names").
 *
 * - resource → the schema's subject (`schemaByResource`, or `meta.subject` of the resource);
 * - action → CASL action via `toCaslAction(subject, action, schema.actions)`;
 * - when a record is at hand the check is made on that record (`subject(type, record)`),
 *   so a button can be allowed on one row and denied on the next. The record is read from
 *   `params.data`, `params.record`, or `params.meta.record` / `params.meta.data` (Refine's
 *   buttons forward their `meta` prop: `<EditButton recordItemId={r.id} meta={{ record: r }} />`).
 *
 * Buttons hide themselves when denied, globally (`options.buttons`).
 */
import type { AccessControlProvider, CanParams, CanReturnType } from '@refinedev/core';
import { subject as tag } from '@casl/ability';
import type { AppAbility, SubjectRecord } from '../../access/ability';
import { toCaslAction } from '../../access/refine-actions';
import type { Action, Subject } from '../../access/subjects';
import type { EntitySchema } from '../../../schemas/kinds';
import { schemaByResource as registryLookup } from '../../../schemas';
import { lowerLabel } from '../../../schemas/messages';

export interface AccessControlDeps {
  getAbility: () => AppAbility | null | undefined;
  schemaByResource?: (resource: string) => EntitySchema | undefined;
}

type Params = CanParams['params'];

/** The record a `can` call is about, if any. */
export function recordOf(params: Params): Record<string, unknown> | undefined {
  if (!params) return undefined;
  const candidates = [params.data, params.record, params.meta?.record, params.meta?.data];
  for (const c of candidates) {
    if (c && typeof c === 'object' && !Array.isArray(c)) return c as Record<string, unknown>;
  }
  return undefined;
}

/** Portuguese reason shown on denied buttons: "Você não tem permissão para editar este contrato." */
export function deniedReason(action: string, schema?: EntitySchema): string {
  if (!schema) return 'Você não tem permissão para esta ação.';
  const este = schema.gender === 'f' ? 'esta' : 'este';
  const novo = schema.gender === 'f' ? 'uma nova' : 'um novo';
  const label = lowerLabel(schema.label);
  const phrases: Record<string, string> = {
    list: `ver ${lowerLabel(schema.labelPlural)}`,
    show: `ver ${este} ${label}`,
    create: `criar ${novo} ${label}`,
    clone: `criar ${novo} ${label}`,
    edit: `editar ${este} ${label}`,
    delete: `excluir ${este} ${label}`,
    export: `exportar ${lowerLabel(schema.labelPlural)}`,
  };
  return `Você não tem permissão para ${phrases[action] ?? `executar esta ação em ${este} ${label}`}.`;
}

/** The decision itself (synchronous), shared by the provider and the tests. */
export function decideCan(
  ability: AppAbility | null | undefined,
  { resource, action, params }: CanParams,
  lookup: (resource: string) => EntitySchema | undefined = registryLookup,
): CanReturnType {
  const name = resource ?? params?.resource?.name;
  const schema = name ? lookup(name) : undefined;
  const subjectType = (schema?.subject ?? (params?.resource?.meta?.subject as string | undefined)) as Subject | undefined;
  if (!ability) return { can: false, reason: 'Permissões ainda não carregadas.' };
  // Not an entity resource (e.g. a dashboard): nothing to check here; routes are guarded.
  if (!subjectType) return { can: true };
  const refineAction = action === 'clone' ? 'create' : action;
  try {
    let caslAction: string;
    let field: string | undefined;
    if (refineAction === 'field') {
      // Refine's field-level check: the field may be shown if it may be read.
      caslAction = 'read';
      field = typeof params?.field === 'string' ? params.field : undefined;
    } else {
      caslAction = toCaslAction(subjectType, refineAction, schema?.actions);
    }
    const record = recordOf(params);
    // A state the workflow does not delete in (a concluded daily report): the API refuses, so no button.
    const wf = schema?.workflow;
    if (refineAction === 'delete' && record && wf?.deleteIn && !wf.deleteIn.includes(record[wf.field] as string)) {
      return { can: false, reason: wf.deleteRefusal ?? deniedReason(refineAction, schema) };
    }
    const target = record ? (tag(subjectType, { ...record }) as SubjectRecord) : subjectType;
    const allowed = ability.can(caslAction as Action, target, field);
    return allowed ? { can: true } : { can: false, reason: deniedReason(refineAction, schema) };
  } catch {
    return { can: false, reason: deniedReason(refineAction, schema) };
  }
}

export function createAccessControlProvider(deps: AccessControlDeps): AccessControlProvider {
  const lookup = deps.schemaByResource ?? registryLookup;
  return {
    can: async (params) => decideCan(deps.getAbility(), params, lookup),
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      // The ability is local: checks are cheap, and they are invalidated when it changes.
      queryOptions: { staleTime: 5 * 60_000 },
    },
  };
}

/** Refine's query key prefix of access checks (invalidated when the ability changes). */
export const ACCESS_QUERY_KEY = ['access'] as const;
