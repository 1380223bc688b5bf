/** The audit trail (`Auditoria`), docs/access.md decision 33. */
import type { RuleContext } from './context';

/**
 * Decision 33: administrators (`acesso_total`, manage all) and the controllership (`controladoria`,
 * read all) read the audit trail; `mkt_read` reads everything else but not it.
 */
export function auditTrailRules({ cannot, has, environment }: RuleContext): void {
  if (has('mkt_read') && !has('acesso_total') && !has('controladoria') && !(has('dev_acesso_total') && environment === 'dev')) cannot('read', 'Auditoria');
}
