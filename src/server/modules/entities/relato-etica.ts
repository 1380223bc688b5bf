/** Ethics reports (`schemas/relato-etica.ts`). */
import { registerEntityHooks, type WriteRule } from '../../crud/hooks-registry';

/**
 * Ethics reports (docs/access.md decision 27): the reporter is the signed-in user, whatever the body
 * says (so "my reports" cannot be forged), and the name is dropped from an anonymous report. (The
 * protocol, like the numbers of daily reports and tickets, is the schema's `numbering`.)
 */
const ethicsReporter: WriteRule = async ({ op, actor, after }) => {
  if (op !== 'create' || !actor) return;
  return {
    emailRelator: actor.email,
    dataRelato: new Date().toISOString(),
    origem: 'Colaborador', // the public page's reports are written by src/server/ethics (issue 40)
    ...(after.anonimo === false ? {} : { nomeRelator: null }),
  };
};

registerEntityHooks('relatoEtica', { beforeChange: ethicsReporter });
