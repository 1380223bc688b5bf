/** Sites (`schemas/obra.ts`): the client's CNPJ from the company registry, and the library of a new site. */
import { registerEntityHooks } from '../../crud/hooks-registry';
import { companyCnpjOf } from '../empresa';
import { createSiteLibrary } from '../document-tree';

registerEntityHooks('obra', {
  beforeChange: companyCnpjOf('cliente', 'cnpjCliente'),
  afterCreate: async ({ trx, actor, row }) => void (await createSiteLibrary(trx, row, actor?.email ?? 'sistema')),
});
