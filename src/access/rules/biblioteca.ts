/** The library's folders (`Diretorio`) and their access lists, docs/access.md decision 18. */
import type { RuleContext } from './context';

/** Decision 18: folder access lists match the user's roles, e-mail and companies (`perms`). */
export function bibliotecaRules({ can, has, perms }: RuleContext): void {
  if (has('admin_biblioteca')) can('manage', 'Diretorio');
  if (perms.length) {
    can('manage', 'Diretorio', { 'acesso.full': { $in: perms } });
    can('read', 'Diretorio', { 'acesso.rOnly': { $in: perms } });
    can(['read', 'upload'], 'Diretorio', { 'acesso.uploadOnly': { $in: perms } });
    can(['read', 'edit', 'upload', 'newFolder', 'delete'], 'Diretorio', { 'acesso.rW': { $in: perms } });
    can('manage', 'Diretorio', { 'acesso.rWEdit': { $in: perms } });
  }
  can(['read', 'upload', 'newFolder'], 'Diretorio', { 'acesso.full': { $exists: false } });
}
