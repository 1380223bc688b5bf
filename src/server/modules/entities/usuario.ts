/** Portal users (`schemas/usuario.ts`): the client account's shape and the partner companies. */
import { registerEntityHooks } from '../../crud/hooks-registry';
import { clientAccount } from '../../site-users/client-account';
import { partnerCompaniesRegistered } from '../empresa';

registerEntityHooks('usuario', { beforeChange: [clientAccount, partnerCompaniesRegistered] });
