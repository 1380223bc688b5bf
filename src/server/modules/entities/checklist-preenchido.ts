/** Filled checklists of field and automation work orders: answers, and the SGI records they open. */
import { ApiError } from '../../http/errors';
import { checkChecklist } from '../../../../schemas/shared/checklist-answers';
import { registerEntityHooks, type WriteRule } from '../../crud/hooks-registry';
import { checklistSgiLinks, checklistSgiOnCreate } from '../checklist-sgi';

/**
 * JSON text with sorted keys and without empty keys, to tell whether a value really changed: jsonb
 * read back from the database does not keep the written key order, and a form sends `null` for a
 * sub-field a stored row never had.
 */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined && o[k] !== null)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/**
 * Filled checklists (schemas/shared/checklist-answers.ts): a "Não conforme" answer is described;
 * concluding answers every required item of the template and does not approve a non-conformity.
 * Checked when the answers, the state, the template or the result are written, so a record stored
 * before these rules can still be edited elsewhere (its other fields) as it is.
 */
const checklistAnswers: WriteRule = async ({ trx, schema, op, before, after }) => {
  const touched = ['respostas', 'status', 'template', 'resultado'].filter((k) => op === 'create' || canonical(before?.[k]) !== canonical(after[k]));
  if (!touched.length) return;
  const templateRef = schema.fields.find((f) => f.name === 'template')?.ref;
  const template =
    templateRef && after.template !== null && after.template !== undefined
      ? await trx.selectFrom(templateRef).select('itens').where('id', '=', Number(after.template)).executeTakeFirst()
      : undefined;
  const { errors } = checkChecklist({ itens: template?.itens, respostas: after.respostas, status: after.status, resultado: after.resultado });
  if (Object.keys(errors).length) throw new ApiError(400, 'Verifique os campos destacados.', errors);
};

for (const entity of ['checklistPreenchidoField', 'checklistPreenchidoAutomacao']) {
  registerEntityHooks(entity, { beforeChange: [checklistAnswers, checklistSgiLinks], afterCreate: checklistSgiOnCreate });
}
