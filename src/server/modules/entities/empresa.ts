/** The company registry (`schemas/empresa.ts`, src/server/modules/empresa.ts). */
import { registerEntityHooks } from '../../crud/hooks-registry';
import { cnpjNeverChanges, resolvePendingOnCreate } from '../empresa';

registerEntityHooks('empresa', { beforeChange: cnpjNeverChanges, afterCreate: resolvePendingOnCreate });
