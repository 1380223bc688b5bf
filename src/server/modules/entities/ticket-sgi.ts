/** SGI records (`schemas/ticket-sgi.ts`): the guard of their finalisation. */
import { ApiError } from '../../http/errors';
import { registerGuard, type TransitionHook } from '../../workflow/hooks';
import { countWhere } from './helpers';

/** An SGI record is finalised only when all its action plans are concluded. */
const planosConcluidos: TransitionHook = async ({ trx, row }) => {
  const open = await countWhere(trx, 'planoAcao', 'ticket', row.id, 'Concluído');
  if (open) throw new ApiError(400, `Conclua os planos de ação deste registro antes de finalizá-lo: ${open} em aberto.`);
};

registerGuard('planosConcluidos', planosConcluidos);
