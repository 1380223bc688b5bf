/**
 * A site's plan sheets (`Planta`) and punch list (`ItemVerificacao`), docs/access.md decision 38
 * (issue 42): the site's staff, its site manager, engineering and the responsible supplier (the client's
 * representative: src/access/rules/client.ts).
 */
import type { RuleContext } from './context';

/** Staff. */
export function punchListRules({ can, has, sites, user }: RuleContext): void {
  if (sites.length) {
    const mySites = { obra: { $in: sites } };
    // The people of a site read its plans and punch list, and add items to it.
    can('read', 'Planta', mySites);
    can(['read', 'create'], 'ItemVerificacao', mySites);
    // Its site manager runs both: sends plans, verifies, closes and reopens items, confirms pins.
    if (has('site_manager')) can('manage', ['Planta', 'ItemVerificacao'], mySites);
  }
  // Decision 28: the substitute on the sites naming them.
  const substitute = user.obrasSubstituto ?? [];
  if (has('site_manager_substituto') && substitute.length) can('manage', ['Planta', 'ItemVerificacao'], { obra: { $in: substitute } });
  // Engineering turns its documents into plan sheets (decision 9's editors and administrators).
  if (has('admin_projetos')) can('manage', 'Planta');
  if (has('editor_projetista')) can(['read', 'create', 'update'], 'Planta');
}

/**
 * A supplier's people (decisions 28–29): the items assigned to one of their companies, which they
 * answer — start the correction, send the photos and "corrigido" (`Interagir`, `upload`).
 */
export function punchListSupplierRules({ can, empresa }: RuleContext): void {
  if (empresa.length) can(['read', 'Interagir', 'upload'], 'ItemVerificacao', { empresaResponsavel: { $in: empresa } });
}
