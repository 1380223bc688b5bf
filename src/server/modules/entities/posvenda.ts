/** Post-sales tickets (`schemas/posvenda.ts`): interactions follow the ticket's site; the survey after conclusion. */
import { registerEntityHooks } from '../../crud/hooks-registry';
import { registerAfter, type TransitionHook } from '../../workflow/hooks';
import { ticketSiteToInteractions } from '../client-replies';
import { inviteToSurvey } from '../../pesquisa-satisfacao/invitations';

/** A concluded post-sales ticket invites its client contact to the satisfaction survey (src/server/pesquisa-satisfacao). */
const convidarPesquisa: TransitionHook = async ({ trx, row }) => {
  await inviteToSurvey(trx, row);
};

registerEntityHooks('posvenda', { beforeChange: ticketSiteToInteractions });
registerAfter('convidarPesquisa', convidarPesquisa);
