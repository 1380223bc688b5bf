/**
 * The endorsement's process (schemas/endosso.ts, schemas/endosso-pleno.ts): written as a draft,
 * issued — it then changes the policy in force — or cancelled, which takes an issued endorsement's
 * effect back. The policy in force is always recomputed from the contracted policy plus the issued
 * endorsements (src/server/insurance/), whatever step moved one into or out of "Emitido", the
 * administrators' "Alterar situação" included (`onLeave`).
 */
import type { Workflow } from '../kinds';

/** Named server-side hooks (src/server/insurance/register.ts). */
export const ENDOSSO_GUARD = 'endosso-dentro-da-vigencia';
export const ENDOSSO_RECOMPUTE = 'endosso-recalcular-apolice';

/** `holders`: the roles that issue the drafts (they see them in "Minhas pendências"). */
export function endossoWorkflow(holders: string[]): Workflow {
  return {
    field: 'situacao',
    initial: 'Rascunho',
    states: [
      { value: 'Rascunho', color: 'blue' },
      { value: 'Emitido', color: 'green', editBy: [] },
      { value: 'Cancelado', color: 'red', final: true, editBy: [] },
    ],
    transitions: [
      {
        name: 'emitir',
        label: 'Emitir endosso',
        from: ['Rascunho'],
        to: 'Emitido',
        action: 'edit',
        guard: ENDOSSO_GUARD,
        tone: 'primary',
      },
      {
        name: 'cancelar',
        label: 'Cancelar endosso',
        from: ['Rascunho', 'Emitido'],
        to: 'Cancelado',
        action: 'edit',
        comment: 'required',
        commentLabel: 'Motivo do cancelamento',
        inbox: false,
        tone: 'danger',
      },
    ],
    // Into "Emitido" (from a draft or, by an administrator, from a cancelled one) and out of it.
    onLeave: [
      { states: ['Emitido'], after: ENDOSSO_RECOMPUTE },
      { states: ['Rascunho', 'Cancelado'], after: ENDOSSO_RECOMPUTE },
    ],
    deleteIn: ['Rascunho', 'Cancelado'],
    deleteRefusal: 'Um endosso emitido não pode ser excluído: cancele-o antes, para que a apólice em vigor volte a ser calculada sem ele.',
    roleInbox: { Rascunho: holders },
  };
}
