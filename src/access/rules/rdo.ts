/** Daily site reports (`RDO`), docs/access.md decision 5. */
import type { RuleContext } from './context';

/** Decision 5. */
export function rdoRules({ can, has, me, mine, sites }: RuleContext): void {
  if (has('admin_rdo')) can('manage', 'RDO');
  if (has('rdo_by_obra')) can('read', 'RDO', { obra: { $in: sites } });
  if (has('site_manager') && me) can(['create', 'read', 'update'], 'RDO', { 'siteManager.mail': mine });
  if (has('planejamento')) can(['config', 'read', 'data_planejada', 'aviso-atraso'], 'RDO');
}
