/** The company registry (`Empresa`, keyed by CNPJ), docs/access.md decision 29. */
import type { RuleContext } from './context';

/**
 * Decision 29: staff read the registry to pick companies (managing it is `acesso_total`'s
 * `manage all`, decision 4); an external user reads only the companies its `empresa` lists.
 */
export function companyRules({ can, empresa }: RuleContext, external: string | undefined): void {
  if (!external) can('read', 'Empresa');
  else if (empresa.length) can('read', 'Empresa', { cnpj: { $in: empresa } });
}
