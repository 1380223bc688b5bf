/** Contracts (`schemas/contrato.ts`): the counterparty's CNPJ from the company registry. */
import { registerEntityHooks } from '../../crud/hooks-registry';
import { companyCnpjOf } from '../empresa';

registerEntityHooks('contrato', { beforeChange: companyCnpjOf('contraparte', 'cnpj') });
