/** Contract items (`schemas/produto-contrato.ts`). */
import { registerEntityHooks, type WriteRule } from '../../crud/hooks-registry';

/** A contract item's total is its quantity times its unit price (what the contract's total adds up). */
const contractItemTotal: WriteRule = async ({ after }) => {
  const q = Number(after.quantidade);
  const unit = Number(after.valorUnitario);
  if (!Number.isFinite(q) || !Number.isFinite(unit)) return { valorTotal: null };
  return { valorTotal: Math.round(q * unit * 100) / 100 };
};

registerEntityHooks('produtoContrato', { beforeChange: contractItemTotal });
