/** The substitute site manager (docs/access.md decision 28). */
import type { RuleContext } from './context';

/**
 * Decision 28: `site_manager_substituto` has the site manager's rights on the sites naming them
 * (`obrasSubstituto`, set by the API).
 */
export function substituteRules({ can, has, user }: RuleContext): void {
  if (!has('site_manager_substituto')) return;
  const sites = user.obrasSubstituto ?? [];
  if (!sites.length) return;
  const onSites = { obra: { $in: sites } };
  can(['create', 'read', 'update'], 'RDO', onSites);
  can(['create', 'read'], ['OS_FIELD', 'OS_AUTOMACAO'], onSites);
  can('read', 'SEGUROS', onSites);
  if (has('materiais')) {
    can('read', 'Materiais', onSites);
    can('release', 'Materiais', { ...onSites, Status: 'LIBERADO PARA SITE MANAGER' });
  }
}
