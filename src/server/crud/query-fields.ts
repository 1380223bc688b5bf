/**
 * A filter or a sort is a way to read a field: `comentarioInterno_like=…` answered with rows, or an
 * order, tells what the field holds. So a list or an aggregate may filter and sort only by fields the
 * caller may read on every record they may list (docs/access.md decision 25: a client never learns
 * `comentarioInterno`; decision 27: nobody probes who filed an anonymous report). Otherwise 403.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import type { AppAbility } from '../../access/ability';
import { ApiError } from '../http/errors';
import { readableOnEveryRecord } from './aggregate';
import type { ListParams } from './list-query';

const DENIED = 'Você não tem permissão para filtrar ou ordenar por um dos campos pedidos.';

export function refuseUnreadableQuery(ability: AppAbility, schema: EntitySchema, p: ListParams): void {
  const errors: Record<string, string[]> = Object.create(null);
  const deny = (key: string, name: string) => {
    if (readableOnEveryRecord(ability, schema, name)) return;
    const label = schema.fields.find((f) => f.name === name)?.label ?? name;
    (errors[key] ??= []).push(`Você não tem permissão para ver o campo "${label}" destes registros.`);
  };
  const suffix = { eq: '', ne: '_ne', gte: '_gte', lte: '_lte', like: '_like' } as Record<string, string>;
  for (const c of p.conditions) deny(`${c.path}${suffix[c.op] ?? ''}`, c.field.name);
  // The schema's own default order is the API's choice, not the caller's question.
  for (const s of p.sort) if (s.path !== schema.defaultSort?.field) deny('_sort', s.path.split('.')[0]);
  if (Object.keys(errors).length) throw new ApiError(403, DENIED, errors);
}

/**
 * The schema a list searches with: the free-text search (`q`) leaves out the fields the caller may
 * not read on every record, for the same reason as a filter. The schema itself when all are readable.
 */
export function searchableFor(ability: AppAbility, schema: EntitySchema): EntitySchema {
  const hidden = schema.fields.filter((f) => f.search && !readableOnEveryRecord(ability, schema, f.name));
  if (!hidden.length) return schema;
  return { ...schema, fields: schema.fields.map((f) => (hidden.includes(f) ? { ...f, search: false } : f)) };
}
