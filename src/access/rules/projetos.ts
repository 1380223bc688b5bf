/**
 * Engineering documents (`PROJETO`, CRE) and factory projects (`PROJETO_FABRICA`) for staff,
 * docs/access.md decisions 9 and 10 (the client side is client.ts).
 */
import type { RuleContext } from './context';

/** Decision 9: PROJETO. */
export function projetoRules({ can, has }: RuleContext): void {
  if (has('admin_projetos')) {
    can('manage', 'PROJETO');
    can('adicionar_cliente', 'PROJETO_FABRICA');
  }
  if (has('projetista') || has('site_manager')) can(['read', 'readInterno'], 'PROJETO');
  if (has('editor_projetista')) can(['read', 'readInterno', 'create', 'update', 'upload'], 'PROJETO');
  if (has('site_manager')) can('upload', 'PROJETO');
}

/** Decision 10: PROJETO_FABRICA. */
export function projetoFabricaRules({ can, has }: RuleContext): void {
  if (has('admin_projetos_fabrica')) {
    can('manage', 'PROJETO_FABRICA');
    can('read', 'FABRICACAO');
  }
  if (has('projetista_fabrica') || has('projetista') || has('site_manager')) can('read', 'PROJETO_FABRICA');
  if (has('editor_projetista_fabrica')) can(['read', 'create', 'update', 'upload'], 'PROJETO_FABRICA');
  if (has('site_manager')) can('upload', 'PROJETO_FABRICA');
}
