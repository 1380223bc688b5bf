/** Materials lists (`schemas/material.ts`): who creates which origin, and the release guard. */
import { subject } from '@casl/ability';
import { ApiError } from '../../http/errors';
import { registerEntityHooks, type WriteRule } from '../../crud/hooks-registry';
import { registerGuard, type TransitionHook } from '../../workflow/hooks';

/**
 * Materials (docs/access.md decision 20): `create_obra` / `create_projeto` decide which origin of list a
 * user may create; a user who manages Materiais may create both.
 */
const materialOrigin: WriteRule = async ({ op, after, actor }) => {
  if (op !== 'create' || !actor) return;
  const action = after.origem === 'Projeto' ? 'create_projeto' : 'create_obra';
  if (!actor.ability.can(action as never, subject('Materiais', { ...after }) as never)) {
    const msg = `Você não tem permissão para criar listas de materiais de origem "${String(after.origem ?? 'Obra')}".`;
    throw new ApiError(403, msg, { origem: [msg] });
  }
};

/** A materials list moves forward only when every item has a quantity above zero (the items are named). */
const itensComQuantidade: TransitionHook = async ({ row }) => {
  const itens = Array.isArray(row.itens) ? (row.itens as { descricao?: unknown; codigo?: unknown; quantidade?: unknown }[]) : [];
  const zero = itens.map((it, i) => ({ it, i })).filter(({ it }) => !(Number(it?.quantidade) > 0));
  if (!zero.length) return;
  const name = ({ it, i }: (typeof zero)[number]) => `${i + 1}. ${String(it?.descricao ?? it?.codigo ?? 'item sem descrição')}`;
  const listed = zero.slice(0, 10).map(name).join('; ') + (zero.length > 10 ? `; e mais ${zero.length - 10}` : '');
  throw new ApiError(
    400,
    `Informe a quantidade dos itens antes de liberar a lista: ${zero.length === 1 ? 'o item' : 'os itens'} ${listed} ${zero.length === 1 ? 'está' : 'estão'} com quantidade zero.`,
    Object.fromEntries(zero.map(({ i }) => [`itens.${i}.quantidade`, ['Informe uma quantidade maior que zero antes de liberar a lista.']])),
  );
};

registerEntityHooks('material', { beforeChange: materialOrigin });
registerGuard('itensComQuantidade', itensComQuantidade);
