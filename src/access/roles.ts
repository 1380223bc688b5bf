/**
 * The portal's roles (docs/access.md, "Roles") and their pt-BR names, for people: profile tags, user lists and
 * screens, e-mails. The role code stays what the token and the rules carry; only its display
 * changes. Isomorphic: no React, no Node-only modules.
 */

/** Whose rules test a role (docs/access.md, "Roles"). */
export type RoleScope =
  /** A global role of staff users (decision 4). */
  | 'global'
  /** The user's kind (decisions 1 and 28): it picks the rule set and has no rules of its own. */
  | 'kind'
  /** Tested by the client rules only (decision 2). */
  | 'client'
  /** Tested by the staff rules only. */
  | 'staff'
  /** Tested by both the client and the staff rules (a client's role on a site, and a staff role). */
  | 'both';

export interface RoleDef {
  /** The pt-BR name, for people. */
  label: string;
  scope: RoleScope;
}

/**
 * Every role of the portal, in display order: the one definition from which the role names
 * (`ROLE_LABELS`), the probe users of src/server/db/access-indexes.ts, the benchmark users of
 * scripts/bench-access.ts and the role matrix of src/access/roles.test.ts derive. The rules
 * (src/access/rules/) test roles through `has(role: Role)`, so a role missing here does not compile.
 */
export const ROLES = {
  // Global
  acesso_total: { label: 'Acesso total', scope: 'global' },
  dev_acesso_total: { label: 'Acesso total (desenvolvimento)', scope: 'global' },
  mkt_read: { label: 'Leitura geral (marketing)', scope: 'global' },
  controladoria: { label: 'Controladoria', scope: 'global' },
  // User kinds (decisions 1 and 28) and the roles of a client on a site (decision 2)
  cliente: { label: 'Cliente', scope: 'kind' },
  fornecedor: { label: 'Fornecedor', scope: 'kind' },
  escritorio: { label: 'Escritório parceiro', scope: 'kind' },
  projetista: { label: 'Projetista', scope: 'both' },
  aprovador: { label: 'Aprovador', scope: 'client' },
  site_manager: { label: 'Site manager', scope: 'both' },
  site_manager_substituto: { label: 'Site manager substituto', scope: 'staff' },
  projetista_fabrica: { label: 'Projetista de fábrica', scope: 'both' },
  aprovador_fabrica: { label: 'Aprovador de fábrica', scope: 'client' },
  representante_cliente: { label: 'Representante do cliente (assina o RDO)', scope: 'client' },
  editor_projetista: { label: 'Editor de projetos', scope: 'staff' },
  editor_projetista_fabrica: { label: 'Editor de projetos de fábrica', scope: 'staff' },
  // Sites and daily reports
  obra: { label: 'Obras', scope: 'staff' },
  admin_obra: { label: 'Administrador de obras', scope: 'staff' },
  admin_rdo: { label: 'Administrador de RDO', scope: 'staff' },
  rdo_by_obra: { label: 'Leitura de RDO das obras', scope: 'staff' },
  planejamento: { label: 'Planejamento', scope: 'staff' },
  // Field services and automation
  field: { label: 'Técnico de campo', scope: 'staff' },
  field_config: { label: 'Configuração de campo', scope: 'staff' },
  admin_field: { label: 'Administrador de campo', scope: 'staff' },
  automacao: { label: 'Técnico de automação', scope: 'staff' },
  automacao_config: { label: 'Configuração de automação', scope: 'staff' },
  admin_automacao: { label: 'Administrador de automação', scope: 'staff' },
  // Post-sales
  pos_vendas: { label: 'Pós-venda', scope: 'staff' },
  pos_vendas_leitura: { label: 'Pós-venda (leitura)', scope: 'staff' },
  admin_pos_vendas: { label: 'Administrador de pós-venda', scope: 'staff' },
  // Factory, products, TAF
  fabricacao: { label: 'Fabricação', scope: 'staff' },
  admin_fabricacao: { label: 'Administrador de fabricação', scope: 'staff' },
  admin_projetos: { label: 'Administrador de projetos', scope: 'staff' },
  admin_projetos_fabrica: { label: 'Administrador de projetos de fábrica', scope: 'staff' },
  produto: { label: 'Produtos', scope: 'staff' },
  editor_produto: { label: 'Editor de produtos', scope: 'staff' },
  admin_produtos: { label: 'Administrador de produtos', scope: 'staff' },
  taf: { label: 'TAF', scope: 'staff' },
  editor_taf: { label: 'Editor de TAF', scope: 'staff' },
  admin_taf: { label: 'Administrador de TAF', scope: 'staff' },
  // Contracts and materials
  contratos: { label: 'Contratos', scope: 'staff' },
  editor_contratos: { label: 'Editor de contratos', scope: 'staff' },
  admin_contratos: { label: 'Administrador de contratos', scope: 'staff' },
  materiais: { label: 'Materiais', scope: 'staff' },
  materiais_obra: { label: 'Materiais da obra', scope: 'staff' },
  materiais_projeto: { label: 'Materiais de projeto', scope: 'staff' },
  editor_materiais: { label: 'Editor de materiais', scope: 'staff' },
  admin_materiais: { label: 'Administrador de materiais', scope: 'staff' },
  pcp: { label: 'PCP', scope: 'staff' },
  logistica: { label: 'Logística', scope: 'staff' },
  // Insurance, SGI, legal, ethics, library
  seguros: { label: 'Seguros', scope: 'staff' },
  admin_seguros: { label: 'Administrador de seguros', scope: 'staff' },
  sgi: { label: 'SGI', scope: 'staff' },
  sgi_leitura: { label: 'SGI (leitura)', scope: 'staff' },
  admin_sgi: { label: 'Administrador do SGI', scope: 'staff' },
  leitura_juridico: { label: 'Jurídico (leitura)', scope: 'staff' },
  admin_juridico: { label: 'Administrador do jurídico', scope: 'staff' },
  etica: { label: 'Canal de ética', scope: 'staff' },
  admin_biblioteca: { label: 'Administrador da biblioteca', scope: 'staff' },
} as const satisfies Readonly<Record<string, RoleDef>>;

export type Role = keyof typeof ROLES;

/** Every role code, in display order. */
export const ROLE_CODES = Object.keys(ROLES) as Role[];

const scoped = (...scopes: RoleScope[]) => ROLE_CODES.filter((r) => scopes.includes(ROLES[r].scope));

/** The roles the rules test: every role but the user kinds. */
export const RULE_ROLES: readonly Role[] = scoped('global', 'client', 'staff', 'both');
/** The roles a staff user's rules test. */
export const STAFF_ROLES: readonly Role[] = scoped('global', 'staff', 'both');
/** The roles a client's rules test (decision 2). */
export const CLIENT_RULE_ROLES: readonly Role[] = scoped('client', 'both');

/** Role code → pt-BR name. */
export const ROLE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(ROLE_CODES.map((r) => [r, ROLES[r].label]));

/** The role's pt-BR name (the code itself for a role the portal does not know). */
export function roleName(role: string): string {
  return Object.prototype.hasOwnProperty.call(ROLE_LABELS, role) ? ROLE_LABELS[role] : role;
}
