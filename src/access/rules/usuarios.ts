/** Permissions (`Permissao`) and users (`Usuario`), docs/access.md decisions 19 and 22. */
import type { RuleContext } from './context';

/** Decision 19: any role containing `admin` edits permissions (acesso_total's manage all is decision 4). */
export function permissaoRules({ can, user }: RuleContext): void {
  if (user.roles.some((role) => role.includes('admin'))) can('edit', 'Permissao');
}

/** Decision 22: adding users to a site. */
export function usuarioRules({ can, has }: RuleContext): void {
  if (has('admin_obra') || has('acesso_total')) can('create', 'Usuario');
}
