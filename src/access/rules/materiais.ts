/** Material lists (`Materiais`), docs/access.md decision 20 (logistics: logistica.ts; substitute: substitute.ts). */
import type { RuleContext } from './context';

/** The states in which a list is still being written. */
const MATERIAIS_EDITABLE = ['REVISAR', 'EM ELABORAÇÃO'];

/** Decision 20: only for users with the role `materiais`. */
export function materiaisRules({ can, has, me }: RuleContext): void {
  if (!has('materiais')) return;
  if (has('admin_materiais')) can('manage', 'Materiais');
  if (has('materiais_obra')) can('create_obra', 'Materiais');
  if (has('materiais_projeto')) can('create_projeto', 'Materiais');
  if (has('editor_materiais')) {
    can(['create', 'read'], 'Materiais');
    can(['edit', 'release'], 'Materiais', { Status: { $in: MATERIAIS_EDITABLE } });
  }
  if (me) {
    can(['edit', 'release'], 'Materiais', { 'Quantificou.mail': me, Status: { $in: MATERIAIS_EDITABLE } });
    can('delete', 'Materiais', { 'Quantificou.mail': me, Status: 'EM ELABORAÇÃO' });
    can('release', 'Materiais', { 'Verificador.mail': me, Status: 'LIBERADO PARA VERIFICAÇÃO' });
    // Whoever a list names for a stage reads it (to release it, one must see it).
    can('read', 'Materiais', { 'Quantificou.mail': me });
    can('read', 'Materiais', { 'Verificador.mail': me });
    can('read', 'Materiais', { 'Coordenador.mail': me });
    can('read', 'Materiais', { 'Site_manager.mail': me });
    can('release', 'Materiais', { 'Site_manager.mail': me, Status: 'LIBERADO PARA SITE MANAGER' });
    can('release', 'Materiais', { 'Coordenador.mail': me, Status: 'LIBERADO PARA COORDENADOR' });
  }
  if (has('pcp')) can(['read', 'release', 'editarpcp'], 'Materiais', { Status: 'LIBERADO PARA PLANEJAMENTO' });
}
