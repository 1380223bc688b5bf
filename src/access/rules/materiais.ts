/** Material lists (`Materiais`), docs/access.md decision 20 (logistics: logistica.ts; substitute: substitute.ts). */
import type { RuleContext } from './context';

/** The states in which a list is still being written. */
const MATERIAIS_EDITABLE = ['REVISAR', 'EM ELABORAÇÃO'];

/** Decision 20: only for users with the role `materiais`. */
export function materiaisRules({ can, has, me, mine }: RuleContext): void {
  if (!has('materiais')) return;
  if (has('admin_materiais')) can('manage', 'Materiais');
  if (has('materiais_obra')) can('create_obra', 'Materiais');
  if (has('materiais_projeto')) can('create_projeto', 'Materiais');
  if (has('editor_materiais')) {
    can(['create', 'read'], 'Materiais');
    can(['edit', 'release'], 'Materiais', { Status: { $in: MATERIAIS_EDITABLE } });
  }
  if (me) {
    can(['edit', 'release'], 'Materiais', { 'Quantificou.mail': mine, Status: { $in: MATERIAIS_EDITABLE } });
    can('delete', 'Materiais', { 'Quantificou.mail': mine, Status: 'EM ELABORAÇÃO' });
    can('release', 'Materiais', { 'Verificador.mail': mine, Status: 'LIBERADO PARA VERIFICAÇÃO' });
    // Whoever a list names for a stage reads it (to release it, one must see it).
    can('read', 'Materiais', { 'Quantificou.mail': mine });
    can('read', 'Materiais', { 'Verificador.mail': mine });
    can('read', 'Materiais', { 'Coordenador.mail': mine });
    can('read', 'Materiais', { 'Site_manager.mail': mine });
    can('release', 'Materiais', { 'Site_manager.mail': mine, Status: 'LIBERADO PARA SITE MANAGER' });
    can('release', 'Materiais', { 'Coordenador.mail': mine, Status: 'LIBERADO PARA COORDENADOR' });
  }
  if (has('pcp')) can(['read', 'release', 'editarpcp'], 'Materiais', { Status: 'LIBERADO PARA PLANEJAMENTO' });
}
