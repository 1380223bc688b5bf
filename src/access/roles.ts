/**
 * The pt-BR names of the portal's roles (access.md), for people: profile tags, user lists and
 * screens, e-mails. The role code stays what the token and the rules carry; only its display
 * changes. Isomorphic: no React, no Node-only modules.
 */

export const ROLE_LABELS: Readonly<Record<string, string>> = {
  // Global
  acesso_total: 'Acesso total',
  dev_acesso_total: 'Acesso total (desenvolvimento)',
  mkt_read: 'Leitura geral (marketing)',
  controladoria: 'Controladoria',
  // External users
  cliente: 'Cliente',
  fornecedor: 'Fornecedor',
  escritorio: 'Escritório parceiro',
  projetista: 'Projetista',
  aprovador: 'Aprovador',
  site_manager: 'Site manager',
  site_manager_substituto: 'Site manager substituto',
  projetista_fabrica: 'Projetista de fábrica',
  aprovador_fabrica: 'Aprovador de fábrica',
  editor_projetista: 'Editor de projetos',
  editor_projetista_fabrica: 'Editor de projetos de fábrica',
  // Sites and daily reports
  obra: 'Obras',
  admin_obra: 'Administrador de obras',
  admin_rdo: 'Administrador de RDO',
  rdo_by_obra: 'Leitura de RDO das obras',
  planejamento: 'Planejamento',
  // Field services and automation
  field: 'Técnico de campo',
  field_config: 'Configuração de campo',
  admin_field: 'Administrador de campo',
  automacao: 'Técnico de automação',
  automacao_config: 'Configuração de automação',
  admin_automacao: 'Administrador de automação',
  // Post-sales
  pos_vendas: 'Pós-venda',
  pos_vendas_leitura: 'Pós-venda (leitura)',
  admin_pos_vendas: 'Administrador de pós-venda',
  // Factory, products, TAF
  fabricacao: 'Fabricação',
  admin_fabricacao: 'Administrador de fabricação',
  admin_projetos: 'Administrador de projetos',
  admin_projetos_fabrica: 'Administrador de projetos de fábrica',
  produto: 'Produtos',
  editor_produto: 'Editor de produtos',
  admin_produtos: 'Administrador de produtos',
  taf: 'TAF',
  editor_taf: 'Editor de TAF',
  admin_taf: 'Administrador de TAF',
  // Contracts and materials
  contratos: 'Contratos',
  editor_contratos: 'Editor de contratos',
  admin_contratos: 'Administrador de contratos',
  materiais: 'Materiais',
  materiais_obra: 'Materiais da obra',
  materiais_projeto: 'Materiais de projeto',
  editor_materiais: 'Editor de materiais',
  admin_materiais: 'Administrador de materiais',
  pcp: 'PCP',
  logistica: 'Logística',
  // Insurance, SGI, legal, ethics, library
  seguros: 'Seguros',
  admin_seguros: 'Administrador de seguros',
  sgi: 'SGI',
  sgi_leitura: 'SGI (leitura)',
  admin_sgi: 'Administrador do SGI',
  leitura_juridico: 'Jurídico (leitura)',
  admin_juridico: 'Administrador do jurídico',
  etica: 'Canal de ética',
  admin_biblioteca: 'Administrador da biblioteca',
};

/** The role's pt-BR name (the code itself for a role the portal does not know). */
export function roleName(role: string): string {
  return Object.prototype.hasOwnProperty.call(ROLE_LABELS, role) ? ROLE_LABELS[role] : role;
}
