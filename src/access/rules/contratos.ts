/** Contracts (`Contratos`), docs/access.md decision 8. */
import type { RuleContext } from './context';

/** Decision 8: each person named on a contract edits it in the states of their stage (and their substitute, decision 31). */
export function contratosRules({ can, has, me, mine }: RuleContext): void {
  if (has('admin_contratos')) can('manage', 'Contratos');
  if (has('contratos')) {
    can('read', 'Contratos');
    if (me) {
      can('edit', 'Contratos', { 'responsavel.mail': mine, status: 'Revisão' });
      can('edit', 'Contratos', {
        'gestor.mail': mine,
        status: { $in: ['Emitido para o Jurídico', 'Revisão para cancelamento'] },
      });
      can('edit', 'Contratos', {
        'validador.mail': mine,
        status: { $in: ['Emitido para o verificador', 'Em finalização'] },
      });
    }
  }
  if (has('editor_contratos')) {
    can(['create', 'read'], 'Contratos');
    can('edit', 'Contratos', { status: 'Revisão' });
  }
  if (has('site_manager')) {
    can('read', 'Contratos');
    if (me) can('edit', 'Contratos', { 'gestor.mail': mine, status: 'Aprovado' });
  }
}
