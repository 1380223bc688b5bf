/** Work orders (field and automation, `schemas/shared/os-fields.ts`): the guard of their conclusion. */
import { SCHEMAS } from '../../../../schemas';
import type { EntitySchema } from '../../../../schemas/kinds';
import { ApiError } from '../../http/errors';
import { registerGuard, type TransitionHook } from '../../workflow/hooks';
import { countWhere } from './helpers';

/** Schemas holding `status`-tracked records that point to `schema` through a field named `field`. */
function children(schema: EntitySchema, field: string): EntitySchema[] {
  return SCHEMAS.filter((s) => s.fields.some((f) => f.name === field && f.kind === 'reference' && f.ref === schema.name));
}

/** A work order is concluded only when every checklist filled for it is concluded. */
const checklistsConcluidos: TransitionHook = async ({ trx, schema, row }) => {
  let open = 0;
  for (const c of children(schema, 'os')) open += await countWhere(trx, c.name, 'os', row.id, 'Concluído');
  if (open) {
    throw new ApiError(400, `Conclua os checklists desta OS antes de concluí-la: ${open} ainda em preenchimento.`);
  }
};

registerGuard('checklistsConcluidos', checklistsConcluidos);
