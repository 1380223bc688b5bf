/**
 * Work orders, checklists, their daily reports and EAP: field services (`FIELD`, `OS_FIELD`) and
 * automation (`AUTOMACAO`, `OS_AUTOMACAO`, `DIARIO_OS`), with `DiarioOs` / `EapOS` by `area`
 * (docs/access.md decisions 6, 7 and 30), and the technical inspection reports (`RIT`, decision 37).
 */
import type { RuleContext } from './context';

/** Decision 6: FIELD; decision 37: RIT. */
export function fieldRules({ can, has, me, mine }: RuleContext): void {
  if (has('admin_field')) {
    can('manage', ['FIELD', 'RIT']);
    can('manage', ['DiarioOs', 'EapOS'], { area: 'FIELD' });
  }
  if (has('field_config')) {
    can('config', 'FIELD');
    // Defining the EAP (/{obra}/field/config) writes the area's EAP items.
    can('manage', 'EapOS', { area: 'FIELD' });
  }
  if (has('admin_field')) can('manage', 'OS_FIELD');
  if (has('field')) {
    can(['read', 'create'], 'FIELD');
    // The field team reads and moves (start, conclude) the work orders of its area.
    can(['create', 'read', 'update'], 'OS_FIELD');
    can('create', ['DiarioOs', 'EapOS'], { area: 'FIELD' });
    // 30. The technician updates their own checklist fills while they are being filled.
    if (me) can('update', 'FIELD', { created_by: me, status: 'Em preenchimento' });
    // 37. The technical inspection reports: the team reads and writes them; the inspector an RIT names
    // (or whoever stands in for them) updates it and takes its steps (schemas/rit.ts, issue 40).
    can(['read', 'create'], 'RIT');
    if (me) can('update', 'RIT', { 'inspetor.mail': mine });
  }
  if (has('site_manager')) can(['create', 'read'], 'OS_FIELD');
}

/** Decision 7: AUTOMACAO; 30: whoever wrote a work-order daily report reads it. */
export function automacaoRules({ can, has, me }: RuleContext): void {
  if (has('admin_automacao')) {
    can('manage', ['AUTOMACAO', 'DIARIO_OS', 'OS_AUTOMACAO']);
    // One subject per entity: the work orders' daily reports and EAP items are DiarioOs / EapOS.
    can('manage', ['DiarioOs', 'EapOS'], { area: 'AUTOMACAO' });
  }
  if (has('automacao_config')) {
    can('config', 'AUTOMACAO');
    can('manage', 'EapOS', { area: 'AUTOMACAO' });
  }
  if (has('automacao')) {
    can(['read', 'create'], 'AUTOMACAO');
    can(['create', 'read', 'update'], 'OS_AUTOMACAO');
    can('create', 'DiarioOs', { area: 'AUTOMACAO' });
    if (me) can('update', 'AUTOMACAO', { created_by: me, status: 'Em preenchimento' });
  }
  if (has('site_manager')) can(['read', 'create'], 'OS_AUTOMACAO');
  // 30. Whoever wrote a work-order daily report reads the reports they wrote (either area).
  if (me) can('read', 'DiarioOs', { created_by: me });
}
