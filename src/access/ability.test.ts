import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { abilityFromPacked, canAccessRoute, defineAbilityFor, packAbilityRules, type AppAbility } from './ability';
import { toCaslAction } from './refine-actions';
import { normalizeUser, permissionsOf, type PortalUser } from './user';

const ME = 'eu@empresa.com.br';
const OTHER = 'outro@empresa.com.br';

function user(roles: string[], extra: Partial<PortalUser> = {}): PortalUser {
  return {
    id_user: 'u1',
    username: 'eu',
    email: ME,
    name: 'Eu Mesmo',
    empresa: ['EmpresaX'],
    obra: ['OB-1', 'OB-2'],
    roles,
    tipo: '',
    ...extra,
  };
}

type Target = string | [string, Record<string, unknown>];
interface Case {
  rule: number;
  name: string;
  user: PortalUser | unknown;
  action: string;
  target: Target;
  expected: boolean;
  env?: 'prod' | 'dev';
}

const c = (rule: number, name: string, u: PortalUser | unknown, action: string, target: Target, expected: boolean, env?: 'prod' | 'dev'): Case => ({
  rule,
  name,
  user: u,
  action,
  target,
  expected,
  env,
});

const rec = (type: string, data: Record<string, unknown>): Target => [type, data];

const CLIENT_PROJ = user(['cliente', 'projetista'], { tipo: 'cliente' });
const CLIENT_SM = user(['cliente', 'site_manager'], { tipo: 'cliente' });
const CLIENT_FAB = user(['cliente', 'projetista_fabrica'], { tipo: 'cliente' });
const CLIENT_APROV = user(['cliente', 'aprovador'], { tipo: 'cliente' });
const CLIENT_APROV_FAB = user(['cliente', 'aprovador_fabrica'], { tipo: 'cliente' });
const CLIENT_TOTAL = user(['cliente', 'acesso_total', 'mkt_read', 'dev_acesso_total', 'admin_rdo', 'admin_obra'], {
  specific_rules: JSON.stringify([{ action: 'manage', subject: 'all' }]),
});
const CLIENT_REP = user(['cliente', 'projetista', 'representante_cliente'], { tipo: 'cliente' });
const STAFF = user([]);
const SM = user(['site_manager']);

const CASES: Case[] = [
  // 1. Clients get only the client set (+ read own PERFIL).
  c(1, 'client reads PERFIL', CLIENT_PROJ, 'read', 'PERFIL', true),
  c(1, 'client with acesso_total cannot manage all', CLIENT_TOTAL, 'manage', 'all', false),
  c(1, 'client with acesso_total cannot read RDO', CLIENT_TOTAL, 'read', 'RDO', false),
  c(1, 'client with mkt_read cannot read Contratos', CLIENT_TOTAL, 'read', 'Contratos', false),
  c(1, 'client with dev_acesso_total in dev gets nothing', CLIENT_TOTAL, 'delete', 'Obra', false, 'dev'),
  c(1, 'client does not get the everyone set (Permissao)', CLIENT_PROJ, 'read', 'Permissao', false),
  c(1, 'client does not get the everyone set (BIBLIOTECA)', CLIENT_PROJ, 'read', 'BIBLIOTECA', false),
  c(1, 'client does not get readAcoes TicketSgi', CLIENT_PROJ, 'readAcoes', 'TicketSgi', false),
  c(1, 'client site_manager gets no staff RDO rule', CLIENT_SM, 'read', rec('RDO', { siteManager: { mail: ME } }), false),
  c(1, 'client with admin_obra cannot create Usuario', CLIENT_TOTAL, 'create', 'Usuario', false),
  c(1, 'client with admin roles cannot edit Permissao', CLIENT_TOTAL, 'edit', 'Permissao', false),
  c(1, 'client gets no folder access', CLIENT_PROJ, 'read', rec('Diretorio', { acesso: {} }), false),
  c(1, 'client gets no TicketInteracao', CLIENT_PROJ, 'Interagir', rec('TicketInteracao', { responsavel: { mail: ME } }), false),

  // 2. Client set.
  c(2, 'client projetista reads PROJETO', CLIENT_PROJ, 'read', 'PROJETO', true),
  c(2, 'client projetista comments PROJETO', CLIENT_PROJ, 'comment', 'PROJETO', true),
  c(2, 'client projetista cannot readInterno PROJETO', CLIENT_PROJ, 'readInterno', 'PROJETO', false),
  c(2, 'client site_manager reads own Obra', CLIENT_SM, 'read', rec('Obra', { Id_Lista: 'OB-2' }), true),
  c(2, 'client site_manager cannot read another Obra', CLIENT_SM, 'read', rec('Obra', { Id_Lista: 'OB-9' }), false),
  c(2, 'client projetista reads own Obra', CLIENT_PROJ, 'read', rec('Obra', { Id_Lista: 'OB-1' }), true),
  c(2, 'client projetista_fabrica cannot read Obra', CLIENT_FAB, 'read', rec('Obra', { Id_Lista: 'OB-1' }), false),
  c(2, 'client projetista_fabrica reads PROJETO_FABRICA', CLIENT_FAB, 'read', 'PROJETO_FABRICA', true),
  c(2, 'client projetista_fabrica reads FABRICACAO', CLIENT_FAB, 'read', 'FABRICACAO', true),
  c(2, 'client projetista_fabrica reads Produto', CLIENT_FAB, 'read', 'Produto', true),
  c(2, 'client projetista_fabrica comments PROJETO_FABRICA', CLIENT_FAB, 'comment', 'PROJETO_FABRICA', true),
  c(2, 'client projetista_fabrica cannot read PROJETO', CLIENT_FAB, 'read', 'PROJETO', false),
  c(2, 'client aprovador updates PROJETO in PAP', CLIENT_APROV, 'update', rec('PROJETO', { Situacao: 'PAP', obra: 'OB-1' }), true),
  c(2, 'client aprovador updates PROJETO in PR', CLIENT_APROV, 'update', rec('PROJETO', { Situacao: 'PR', obra: 'OB-2' }), true),
  c(2, 'client aprovador cannot update PROJETO in EM ANDAMENTO', CLIENT_APROV, 'update', rec('PROJETO', { Situacao: 'EM ANDAMENTO', obra: 'OB-1' }), false),
  c(2, 'client aprovador_fabrica updates PROJETO in APC', CLIENT_APROV_FAB, 'update', rec('PROJETO', { Situacao: 'APC', obra: 'OB-1' }), true),
  c(25, "client aprovador cannot update another client's PROJETO", CLIENT_APROV, 'update', rec('PROJETO', { Situacao: 'PAP', obra: 'OB-9' }), false),
  c(25, "client projetista cannot read another client's PROJETO", CLIENT_PROJ, 'read', rec('PROJETO', { Situacao: 'PAP', obra: 'OB-9' }), false),
  c(25, 'client projetista reads own site PROJETO', CLIENT_PROJ, 'read', rec('PROJETO', { Situacao: 'EL', obra: 'OB-2' }), true),
  c(25, 'client projetista comments own site PROJETO', CLIENT_PROJ, 'comment', rec('PROJETO', { obra: 'OB-1' }), true),
  c(25, 'client projetista_fabrica reads a factory project naming them', CLIENT_FAB, 'read', rec('PROJETO_FABRICA', { obra: 'OB-9', clientes: [ME] }), true),
  c(
    25,
    "client projetista_fabrica cannot read another site's factory project",
    CLIENT_FAB,
    'read',
    rec('PROJETO_FABRICA', { obra: 'OB-9', clientes: [OTHER] }),
    false,
  ),
  c(25, "client projetista_fabrica cannot read another site's FABRICACAO", CLIENT_FAB, 'read', rec('FABRICACAO', { obra: 'OB-9' }), false),
  c(2, 'client aprovador cannot read PROJETO', CLIENT_APROV, 'read', 'PROJETO', false),
  c(2, 'client projetista cannot update PROJETO', CLIENT_PROJ, 'update', rec('PROJETO', { Situacao: 'AP' }), false),

  // 3. Everyone set.
  ...(['Obra', 'Permissao', 'BIBLIOTECA', 'PERFIL', 'FABRICACAO'] as const).map((s) => c(3, `staff reads ${s}`, STAFF, 'read', s, true)),
  c(3, 'staff readAcoes TicketSgi', STAFF, 'readAcoes', 'TicketSgi', true),
  c(3, "staff cannot read others' TicketSgi", STAFF, 'read', rec('TicketSgi', { relator: { mail: OTHER } }), false),
  c(26, 'staff creates TicketSgi', STAFF, 'create', 'TicketSgi', true),
  c(26, 'staff reads own TicketSgi', STAFF, 'read', rec('TicketSgi', { relator: { mail: ME }, status: 'TRIAGEM' }), true),
  c(26, 'staff edits own draft TicketSgi', STAFF, 'edit', rec('TicketSgi', { relator: { mail: ME }, status: 'RASCUNHO' }), true),
  c(26, 'staff cannot edit own TicketSgi in TRIAGEM', STAFF, 'edit', rec('TicketSgi', { relator: { mail: ME }, status: 'TRIAGEM' }), false),
  c(27, 'staff files a RelatoEtica', STAFF, 'create', 'RelatoEtica', true),
  c(27, 'staff reads own RelatoEtica', STAFF, 'read', rec('RelatoEtica', { emailRelator: ME }), true),
  c(27, "staff cannot read others' RelatoEtica", STAFF, 'read', rec('RelatoEtica', { emailRelator: OTHER }), false),
  c(27, 'etica manages RelatoEtica', user(['etica']), 'edit', rec('RelatoEtica', { emailRelator: OTHER }), true),
  c(27, 'mkt_read cannot read RelatoEtica', user(['mkt_read']), 'read', rec('RelatoEtica', { emailRelator: OTHER }), false),
  c(27, 'mkt_read still reads own RelatoEtica', user(['mkt_read']), 'read', rec('RelatoEtica', { emailRelator: ME }), true),
  c(28, 'supplier reads SGI records of its company', user(['fornecedor'], { tipo: 'fornecedor' }), 'read', rec('TicketSgi', { fornecedor: 'EmpresaX' }), true),
  c(
    28,
    'supplier answers SGI records of its company',
    user(['fornecedor'], { tipo: 'fornecedor' }),
    'Interagir',
    rec('TicketSgi', { fornecedor: 'EmpresaX' }),
    true,
  ),
  c(
    28,
    "supplier cannot read another company's SGI record",
    user(['fornecedor'], { tipo: 'fornecedor' }),
    'read',
    rec('TicketSgi', { fornecedor: 'Outra' }),
    false,
  ),
  c(28, 'supplier gets no staff rule (everyone set)', user(['fornecedor', 'acesso_total'], { tipo: 'fornecedor' }), 'read', 'Obra', false),
  c(
    28,
    'law firm reads the cases it conducts',
    user(['escritorio'], { tipo: 'escritorio' }),
    'read',
    rec('ProcessoJuridico', { escritorio: 'EmpresaX' }),
    true,
  ),
  c(
    28,
    'law firm uploads to the cases it conducts',
    user(['escritorio'], { tipo: 'escritorio' }),
    'upload',
    rec('ProcessoJuridico', { escritorio: 'EmpresaX' }),
    true,
  ),
  c(28, "law firm cannot read others' cases", user(['escritorio'], { tipo: 'escritorio' }), 'read', rec('ProcessoJuridico', { escritorio: 'Outra' }), false),
  c(28, 'controladoria reads all', user(['controladoria']), 'read', rec('Contratos', { status: 'Revisão' }), true),
  c(28, 'controladoria cannot update', user(['controladoria']), 'update', 'RDO', false),
  c(28, 'controladoria cannot read RelatoEtica', user(['controladoria']), 'read', rec('RelatoEtica', { emailRelator: OTHER }), false),
  c(28, 'logistica reads Materiais', user(['logistica']), 'read', rec('Materiais', { Status: 'REVISAR' }), true),
  c(28, 'logistica editarpcp in planning', user(['logistica']), 'editarpcp', rec('Materiais', { Status: 'LIBERADO PARA PLANEJAMENTO' }), true),
  c(28, 'logistica cannot editarpcp elsewhere', user(['logistica']), 'editarpcp', rec('Materiais', { Status: 'REVISAR' }), false),
  c(
    28,
    'substitute SM creates RDO on the site naming them',
    user(['site_manager_substituto'], { obrasSubstituto: ['OB-1'] }),
    'create',
    rec('RDO', { obra: 'OB-1' }),
    true,
  ),
  c(
    28,
    'substitute SM cannot create RDO elsewhere',
    user(['site_manager_substituto'], { obrasSubstituto: ['OB-1'] }),
    'create',
    rec('RDO', { obra: 'OB-2' }),
    false,
  ),
  c(
    28,
    'substitute SM releases materials at the SM stage',
    user(['site_manager_substituto', 'materiais'], { obrasSubstituto: ['OB-1'] }),
    'release',
    rec('Materiais', { obra: 'OB-1', Status: 'LIBERADO PARA SITE MANAGER' }),
    true,
  ),
  c(
    28,
    'substitute SM reads SEGUROS of the site',
    user(['site_manager_substituto'], { obrasSubstituto: ['OB-1'] }),
    'read',
    rec('SEGUROS', { obra: 'OB-1' }),
    true,
  ),
  c(6, 'field_config defines the FIELD EAP', user(['field_config']), 'create', rec('EapOS', { area: 'FIELD' }), true),
  c(7, 'automacao_config defines the AUTOMACAO EAP', user(['automacao_config']), 'update', rec('EapOS', { area: 'AUTOMACAO' }), true),
  c(7, 'admin_automacao manages DiarioOs of AUTOMACAO', user(['admin_automacao']), 'delete', rec('DiarioOs', { area: 'AUTOMACAO' }), true),
  c(7, 'admin_automacao cannot manage DiarioOs of FIELD', user(['admin_automacao']), 'delete', rec('DiarioOs', { area: 'FIELD' }), false),
  c(6, 'field reads OS_FIELD', user(['field']), 'read', 'OS_FIELD', true),
  c(7, 'automacao creates OS_AUTOMACAO', user(['automacao']), 'create', 'OS_AUTOMACAO', true),
  c(27, 'acesso_total manages RelatoEtica', user(['acesso_total']), 'read', rec('RelatoEtica', { emailRelator: OTHER }), true),
  c(3, 'staff cannot update Obra', STAFF, 'update', 'Obra', false),
  c(3, 'staff cannot read RDO', STAFF, 'read', 'RDO', false),
  c(3, 'staff cannot read Produto', STAFF, 'read', 'Produto', false),

  // 4. Global roles.
  c(4, 'acesso_total manages all', user(['acesso_total']), 'delete', 'Contratos', true),
  c(4, 'acesso_total any custom action', user(['acesso_total']), 'release', rec('Materiais', { Status: 'X' }), true),
  c(4, 'mkt_read reads all', user(['mkt_read']), 'read', rec('RDO', { siteManager: { mail: OTHER } }), true),
  c(4, 'mkt_read cannot update', user(['mkt_read']), 'update', 'RDO', false),
  c(4, 'dev_acesso_total manages all in dev', user(['dev_acesso_total']), 'delete', 'RDO', true, 'dev'),
  c(4, 'dev_acesso_total gets nothing in prod', user(['dev_acesso_total']), 'delete', 'RDO', false, 'prod'),
  c(4, 'dev_acesso_total defaults to prod', user(['dev_acesso_total']), 'delete', 'RDO', false),

  // 5. RDO.
  c(5, 'admin_rdo deletes RDO', user(['admin_rdo']), 'delete', rec('RDO', { obra: 'X' }), true),
  c(5, 'admin_rdo cannot delete Contratos', user(['admin_rdo']), 'delete', 'Contratos', false),
  c(5, 'rdo_by_obra reads own site RDO', user(['rdo_by_obra']), 'read', rec('RDO', { obra: 'OB-1' }), true),
  c(5, 'rdo_by_obra cannot read other site RDO', user(['rdo_by_obra']), 'read', rec('RDO', { obra: 'OB-7' }), false),
  c(5, 'rdo_by_obra cannot update own site RDO', user(['rdo_by_obra']), 'update', rec('RDO', { obra: 'OB-1' }), false),
  c(5, 'site_manager reads own RDO', SM, 'read', rec('RDO', { siteManager: { mail: ME }, obra: 'OB-9' }), true),
  c(5, 'site_manager updates own RDO', SM, 'update', rec('RDO', { siteManager: { mail: ME } }), true),
  c(5, 'site_manager creates own RDO', SM, 'create', rec('RDO', { siteManager: { mail: ME } }), true),
  c(5, 'site_manager cannot read other RDO', SM, 'read', rec('RDO', { siteManager: { mail: OTHER }, obra: 'OB-1' }), false),
  c(5, 'site_manager cannot delete own RDO', SM, 'delete', rec('RDO', { siteManager: { mail: ME } }), false),
  c(5, 'planejamento config RDO', user(['planejamento']), 'config', 'RDO', true),
  c(5, 'planejamento data_planejada RDO', user(['planejamento']), 'data_planejada', 'RDO', true),
  c(5, 'planejamento aviso-atraso RDO', user(['planejamento']), 'aviso-atraso', 'RDO', true),
  c(5, 'planejamento reads any RDO', user(['planejamento']), 'read', rec('RDO', { obra: 'Z' }), true),
  c(5, 'planejamento cannot update RDO', user(['planejamento']), 'update', 'RDO', false),

  // 6. FIELD.
  c(6, 'admin_field manages FIELD', user(['admin_field']), 'delete', 'FIELD', true),
  c(6, 'admin_field manages DiarioOs in FIELD', user(['admin_field']), 'delete', rec('DiarioOs', { area: 'FIELD' }), true),
  c(6, 'admin_field manages EapOS in FIELD', user(['admin_field']), 'update', rec('EapOS', { area: 'FIELD' }), true),
  c(6, 'admin_field cannot touch DiarioOs in AUTOMACAO', user(['admin_field']), 'delete', rec('DiarioOs', { area: 'AUTOMACAO' }), false),
  c(6, 'field_config config FIELD', user(['field_config']), 'config', 'FIELD', true),
  c(6, 'field_config cannot read FIELD', user(['field_config']), 'read', 'FIELD', false),
  c(6, 'field reads FIELD', user(['field']), 'read', 'FIELD', true),
  c(6, 'field creates FIELD', user(['field']), 'create', 'FIELD', true),
  // 30. The technician updates only their own checklist fills while in draft.
  c(6, 'field cannot update FIELD of others', user(['field']), 'update', rec('FIELD', { created_by: 'other@x.com', status: 'Em preenchimento' }), false),
  c(30, 'field updates own FIELD draft', user(['field']), 'update', rec('FIELD', { created_by: ME, status: 'Em preenchimento' }), true),
  c(30, 'field cannot update own concluded FIELD', user(['field']), 'update', rec('FIELD', { created_by: ME, status: 'Concluído' }), false),
  c(6, 'field creates OS_FIELD', user(['field']), 'create', 'OS_FIELD', true),
  c(6, 'field creates DiarioOs in FIELD', user(['field']), 'create', rec('DiarioOs', { area: 'FIELD' }), true),
  c(6, 'field creates EapOS in FIELD', user(['field']), 'create', rec('EapOS', { area: 'FIELD' }), true),
  c(6, 'field cannot create EapOS in AUTOMACAO', user(['field']), 'create', rec('EapOS', { area: 'AUTOMACAO' }), false),
  c(6, 'field cannot read DiarioOs', user(['field']), 'read', rec('DiarioOs', { area: 'FIELD' }), false),
  c(6, 'site_manager creates OS_FIELD', SM, 'create', 'OS_FIELD', true),
  c(6, 'site_manager reads OS_FIELD', SM, 'read', 'OS_FIELD', true),
  c(6, 'site_manager cannot delete OS_FIELD', SM, 'delete', 'OS_FIELD', false),

  // 7. AUTOMACAO.
  c(7, 'admin_automacao manages AUTOMACAO', user(['admin_automacao']), 'delete', 'AUTOMACAO', true),
  c(7, 'admin_automacao manages DIARIO_OS', user(['admin_automacao']), 'update', 'DIARIO_OS', true),
  c(7, 'admin_automacao manages OS_AUTOMACAO', user(['admin_automacao']), 'delete', 'OS_AUTOMACAO', true),
  c(7, 'admin_automacao cannot touch FIELD', user(['admin_automacao']), 'read', 'FIELD', false),
  c(7, 'automacao_config config AUTOMACAO', user(['automacao_config']), 'config', 'AUTOMACAO', true),
  c(7, 'automacao_config cannot create AUTOMACAO', user(['automacao_config']), 'create', 'AUTOMACAO', false),
  c(7, 'automacao reads AUTOMACAO', user(['automacao']), 'read', 'AUTOMACAO', true),
  c(7, 'automacao creates AUTOMACAO', user(['automacao']), 'create', 'AUTOMACAO', true),
  c(7, 'automacao cannot delete AUTOMACAO', user(['automacao']), 'delete', 'AUTOMACAO', false),
  c(7, 'site_manager reads OS_AUTOMACAO', SM, 'read', 'OS_AUTOMACAO', true),
  c(7, 'site_manager creates OS_AUTOMACAO', SM, 'create', 'OS_AUTOMACAO', true),
  c(7, 'site_manager cannot update OS_AUTOMACAO', SM, 'update', 'OS_AUTOMACAO', false),

  // 8. Contratos: editing by status per role.
  c(8, 'admin_contratos manages', user(['admin_contratos']), 'delete', rec('Contratos', { status: 'Aprovado' }), true),
  c(8, 'contratos reads', user(['contratos']), 'read', rec('Contratos', { status: 'Aprovado' }), true),
  c(8, 'contratos cannot create', user(['contratos']), 'create', 'Contratos', false),
  c(8, 'responsavel edits in Revisão', user(['contratos']), 'edit', rec('Contratos', { responsavel: { mail: ME }, status: 'Revisão' }), true),
  c(8, 'responsavel cannot edit in Aprovado', user(['contratos']), 'edit', rec('Contratos', { responsavel: { mail: ME }, status: 'Aprovado' }), false),
  c(8, 'non-responsavel cannot edit in Revisão', user(['contratos']), 'edit', rec('Contratos', { responsavel: { mail: OTHER }, status: 'Revisão' }), false),
  c(
    8,
    'gestor edits in Emitido para o Jurídico',
    user(['contratos']),
    'edit',
    rec('Contratos', { gestor: { mail: ME }, status: 'Emitido para o Jurídico' }),
    true,
  ),
  c(
    8,
    'gestor edits in Revisão para cancelamento',
    user(['contratos']),
    'edit',
    rec('Contratos', { gestor: { mail: ME }, status: 'Revisão para cancelamento' }),
    true,
  ),
  c(8, 'gestor cannot edit in Revisão', user(['contratos']), 'edit', rec('Contratos', { gestor: { mail: ME }, status: 'Revisão' }), false),
  c(
    8,
    'validador edits in Emitido para o verificador',
    user(['contratos']),
    'edit',
    rec('Contratos', { validador: { mail: ME }, status: 'Emitido para o verificador' }),
    true,
  ),
  c(8, 'validador edits in Em finalização', user(['contratos']), 'edit', rec('Contratos', { validador: { mail: ME }, status: 'Em finalização' }), true),
  c(
    8,
    'validador cannot edit in Emitido para o Jurídico',
    user(['contratos']),
    'edit',
    rec('Contratos', { validador: { mail: ME }, status: 'Emitido para o Jurídico' }),
    false,
  ),
  c(8, 'contratos edit is `edit`, not `update`', user(['contratos']), 'update', rec('Contratos', { responsavel: { mail: ME }, status: 'Revisão' }), false),
  c(8, 'editor_contratos creates', user(['editor_contratos']), 'create', 'Contratos', true),
  c(8, 'editor_contratos reads', user(['editor_contratos']), 'read', 'Contratos', true),
  c(
    8,
    'editor_contratos edits any in Revisão',
    user(['editor_contratos']),
    'edit',
    rec('Contratos', { responsavel: { mail: OTHER }, status: 'Revisão' }),
    true,
  ),
  c(8, 'editor_contratos cannot edit in Aprovado', user(['editor_contratos']), 'edit', rec('Contratos', { status: 'Aprovado' }), false),
  c(8, 'site_manager reads', SM, 'read', 'Contratos', true),
  c(8, 'site_manager as gestor edits when Aprovado', SM, 'edit', rec('Contratos', { gestor: { mail: ME }, status: 'Aprovado' }), true),
  c(8, 'site_manager not gestor cannot edit when Aprovado', SM, 'edit', rec('Contratos', { gestor: { mail: OTHER }, status: 'Aprovado' }), false),
  c(8, 'site_manager as gestor cannot edit in Revisão', SM, 'edit', rec('Contratos', { gestor: { mail: ME }, status: 'Revisão' }), false),
  c(8, 'staff without role cannot read', STAFF, 'read', 'Contratos', false),

  // 9. PROJETO.
  c(9, 'admin_projetos manages PROJETO', user(['admin_projetos']), 'delete', 'PROJETO', true),
  c(9, 'admin_projetos adicionar_cliente PROJETO_FABRICA', user(['admin_projetos']), 'adicionar_cliente', 'PROJETO_FABRICA', true),
  c(9, 'admin_projetos cannot delete PROJETO_FABRICA', user(['admin_projetos']), 'delete', 'PROJETO_FABRICA', false),
  c(9, 'projetista reads PROJETO', user(['projetista']), 'read', 'PROJETO', true),
  c(9, 'projetista readInterno PROJETO', user(['projetista']), 'readInterno', 'PROJETO', true),
  c(9, 'projetista cannot upload PROJETO', user(['projetista']), 'upload', 'PROJETO', false),
  c(9, 'site_manager readInterno PROJETO', SM, 'readInterno', 'PROJETO', true),
  c(9, 'site_manager uploads PROJETO', SM, 'upload', 'PROJETO', true),
  c(9, 'site_manager cannot update PROJETO', SM, 'update', 'PROJETO', false),
  ...(['read', 'readInterno', 'create', 'update', 'upload'] as const).map((a) =>
    c(9, `editor_projetista ${a} PROJETO`, user(['editor_projetista']), a, 'PROJETO', true),
  ),
  c(9, 'editor_projetista cannot delete PROJETO', user(['editor_projetista']), 'delete', 'PROJETO', false),

  // 10. PROJETO_FABRICA.
  c(10, 'admin_projetos_fabrica manages PROJETO_FABRICA', user(['admin_projetos_fabrica']), 'delete', 'PROJETO_FABRICA', true),
  c(10, 'admin_projetos_fabrica adicionar_cliente', user(['admin_projetos_fabrica']), 'adicionar_cliente', 'PROJETO_FABRICA', true),
  c(10, 'admin_projetos_fabrica reads FABRICACAO', user(['admin_projetos_fabrica']), 'read', 'FABRICACAO', true),
  c(10, 'admin_projetos_fabrica cannot update FABRICACAO', user(['admin_projetos_fabrica']), 'update', 'FABRICACAO', false),
  c(10, 'projetista_fabrica reads', user(['projetista_fabrica']), 'read', 'PROJETO_FABRICA', true),
  c(10, 'projetista reads', user(['projetista']), 'read', 'PROJETO_FABRICA', true),
  c(10, 'site_manager reads', SM, 'read', 'PROJETO_FABRICA', true),
  c(10, 'site_manager uploads', SM, 'upload', 'PROJETO_FABRICA', true),
  c(10, 'projetista_fabrica cannot upload', user(['projetista_fabrica']), 'upload', 'PROJETO_FABRICA', false),
  ...(['read', 'create', 'update', 'upload'] as const).map((a) =>
    c(10, `editor_projetista_fabrica ${a}`, user(['editor_projetista_fabrica']), a, 'PROJETO_FABRICA', true),
  ),
  c(10, 'editor_projetista_fabrica cannot delete', user(['editor_projetista_fabrica']), 'delete', 'PROJETO_FABRICA', false),

  // 11. Produto and TAF.
  c(11, 'admin_produtos manages Produto', user(['admin_produtos']), 'delete', 'Produto', true),
  c(11, 'editor_produto updates Produto', user(['editor_produto']), 'update', 'Produto', true),
  c(11, 'editor_produto reads Produto', user(['editor_produto']), 'read', 'Produto', true),
  c(11, 'editor_produto cannot delete Produto', user(['editor_produto']), 'delete', 'Produto', false),
  c(11, 'produto reads Produto', user(['produto']), 'read', 'Produto', true),
  c(11, 'produto cannot update Produto', user(['produto']), 'update', 'Produto', false),
  c(11, 'taf reads TAF', user(['taf']), 'read', 'TAF', true),
  c(11, 'taf cannot update TAF', user(['taf']), 'update', 'TAF', false),
  c(11, 'editor_taf updates TAF', user(['editor_taf']), 'update', 'TAF', true),
  c(11, 'editor_taf cannot delete TAF', user(['editor_taf']), 'delete', 'TAF', false),
  c(11, 'admin_taf manages TAF', user(['admin_taf']), 'delete', 'TAF', true),
  c(11, 'admin_taf cannot touch Produto', user(['admin_taf']), 'read', 'Produto', false),

  // 12. POSVENDAS.
  c(12, 'admin_pos_vendas manages', user(['admin_pos_vendas']), 'delete', 'POSVENDAS', true),
  c(12, 'pos_vendas reads', user(['pos_vendas']), 'read', 'POSVENDAS', true),
  c(12, 'pos_vendas edits', user(['pos_vendas']), 'edit', 'POSVENDAS', true),
  c(12, 'pos_vendas uploads', user(['pos_vendas']), 'upload', 'POSVENDAS', true),
  c(12, 'pos_vendas cannot delete', user(['pos_vendas']), 'delete', 'POSVENDAS', false),
  c(30, 'pos_vendas creates tickets', user(['pos_vendas']), 'create', 'POSVENDAS', true),
  c(30, 'pos_vendas_leitura cannot create tickets', user(['pos_vendas_leitura']), 'create', 'POSVENDAS', false),
  c(30, 'the writer reads their DiarioOs', user([]), 'read', rec('DiarioOs', { created_by: ME, area: 'FIELD' }), true),
  c(30, "no read of another's DiarioOs", user(['field']), 'read', rec('DiarioOs', { created_by: 'other@x.com', area: 'FIELD' }), false),
  c(30, 'etica cannot delete RelatoEtica', user(['etica']), 'delete', 'RelatoEtica', false),
  c(30, 'etica still edits RelatoEtica', user(['etica']), 'edit', 'RelatoEtica', true),
  c(30, 'acesso_total deletes RelatoEtica', user(['acesso_total', 'etica']), 'delete', 'RelatoEtica', true),
  c(12, 'pos_vendas_leitura reads', user(['pos_vendas_leitura']), 'read', 'POSVENDAS', true),
  c(12, 'pos_vendas_leitura cannot edit', user(['pos_vendas_leitura']), 'edit', 'POSVENDAS', false),

  // 13. Obra.
  c(13, 'admin_obra manages Obra', user(['admin_obra']), 'configure', 'Obra', true),
  c(13, 'obra creates Obra', user(['obra']), 'create', 'Obra', true),
  c(13, 'obra updates Obra', user(['obra']), 'update', 'Obra', true),
  c(13, 'obra deletes Obra', user(['obra']), 'delete', 'Obra', true),
  c(13, 'obra inspects Obra', user(['obra']), 'inspect', 'Obra', true),
  c(13, 'obra cannot configure Obra', user(['obra']), 'configure', 'Obra', false),

  // 14. SEGUROS.
  c(14, 'admin_seguros manages SEGUROS', user(['admin_seguros']), 'delete', 'SEGUROS', true),
  c(14, 'admin_seguros manages SEGUROS_PLENO', user(['admin_seguros']), 'read', 'SEGUROS_PLENO', true),
  ...(['create', 'read', 'delete', 'edit'] as const).map((a) => c(14, `seguros ${a}`, user(['seguros']), a, 'SEGUROS', true)),
  c(14, 'seguros cannot read SEGUROS_PLENO', user(['seguros']), 'read', 'SEGUROS_PLENO', false),
  c(14, 'site_manager reads SEGUROS', SM, 'read', 'SEGUROS', true),
  c(14, 'site_manager cannot edit SEGUROS', SM, 'edit', 'SEGUROS', false),

  // 15. FABRICACAO.
  c(15, 'admin_fabricacao manages', user(['admin_fabricacao']), 'config', 'FABRICACAO', true),
  ...(['read', 'write', 'update', 'delete'] as const).map((a) => c(15, `fabricacao ${a}`, user(['fabricacao']), a, 'FABRICACAO', true)),
  c(15, 'fabricacao cannot create', user(['fabricacao']), 'create', 'FABRICACAO', false),

  // 16. TicketSgi.
  c(16, 'admin_sgi manages', user(['admin_sgi']), 'delete', 'TicketSgi', true),
  c(16, 'sgi reads', user(['sgi']), 'read', 'TicketSgi', true),
  c(16, 'sgi aceitaInteracao', user(['sgi']), 'aceitaInteracao', 'TicketSgi', true),
  c(16, 'sgi edits', user(['sgi']), 'edit', 'TicketSgi', true),
  c(16, 'sgi cannot delete', user(['sgi']), 'delete', 'TicketSgi', false),
  c(16, 'sgi_leitura reads', user(['sgi_leitura']), 'read', 'TicketSgi', true),
  c(16, 'sgi_leitura cannot edit', user(['sgi_leitura']), 'edit', rec('TicketSgi', { relator: { mail: OTHER }, status: 'RASCUNHO' }), false),

  // 17. TicketInteracao.
  c(17, 'responsavel deletes', STAFF, 'delete', rec('TicketInteracao', { responsavel: { mail: ME } }), true),
  c(17, 'responsavel Interagir', STAFF, 'Interagir', rec('TicketInteracao', { responsavel: { mail: ME } }), true),
  c(17, 'responsavelRegistro Interagir', STAFF, 'Interagir', rec('TicketInteracao', { responsavelRegistro: { mail: ME } }), true),
  c(
    17,
    'responsavelRegistro cannot delete',
    STAFF,
    'delete',
    rec('TicketInteracao', { responsavelRegistro: { mail: ME }, responsavel: { mail: OTHER } }),
    false,
  ),
  c(17, 'other cannot Interagir', STAFF, 'Interagir', rec('TicketInteracao', { responsavel: { mail: OTHER }, responsavelRegistro: { mail: OTHER } }), false),

  // 18. Diretorio (folder access lists; permissions = roles, email, empresa).
  c(18, 'admin_biblioteca manages Diretorio', user(['admin_biblioteca']), 'delete', rec('Diretorio', { acesso: { full: ['x'] } }), true),
  c(18, 'full by email → manage', STAFF, 'delete', rec('Diretorio', { acesso: { full: [ME] } }), true),
  c(18, 'full by role → manage', user(['engenharia']), 'config', rec('Diretorio', { acesso: { full: ['engenharia'] } }), true),
  c(18, 'full by empresa → manage', STAFF, 'delete', rec('Diretorio', { acesso: { full: ['EmpresaX'] } }), true),
  c(18, 'full without me → no delete', STAFF, 'delete', rec('Diretorio', { acesso: { full: ['outra'] } }), false),
  c(18, 'full without me → no read', STAFF, 'read', rec('Diretorio', { acesso: { full: ['outra'] } }), false),
  c(18, 'rOnly → read', STAFF, 'read', rec('Diretorio', { acesso: { full: ['outra'], rOnly: [ME] } }), true),
  c(18, 'rOnly → no upload', STAFF, 'upload', rec('Diretorio', { acesso: { full: ['outra'], rOnly: [ME] } }), false),
  c(18, 'uploadOnly → read', STAFF, 'read', rec('Diretorio', { acesso: { full: ['outra'], uploadOnly: ['EmpresaX'] } }), true),
  c(18, 'uploadOnly → upload', STAFF, 'upload', rec('Diretorio', { acesso: { full: ['outra'], uploadOnly: ['EmpresaX'] } }), true),
  c(18, 'uploadOnly → no edit', STAFF, 'edit', rec('Diretorio', { acesso: { full: ['outra'], uploadOnly: ['EmpresaX'] } }), false),
  ...(['read', 'edit', 'upload', 'newFolder', 'delete'] as const).map((a) =>
    c(18, `rW → ${a}`, STAFF, a, rec('Diretorio', { acesso: { full: ['outra'], rW: [ME] } }), true),
  ),
  c(18, 'rW → no config', STAFF, 'config', rec('Diretorio', { acesso: { full: ['outra'], rW: [ME] } }), false),
  c(18, 'rWEdit → manage', STAFF, 'config', rec('Diretorio', { acesso: { full: ['outra'], rWEdit: [ME] } }), true),
  c(18, 'rWEdit other → no delete', STAFF, 'delete', rec('Diretorio', { acesso: { full: ['outra'], rWEdit: ['outra'] } }), false),
  c(18, 'no full list → read', STAFF, 'read', rec('Diretorio', { acesso: { rOnly: ['outra'] } }), true),
  c(18, 'no full list → upload', STAFF, 'upload', rec('Diretorio', { acesso: {} }), true),
  c(18, 'no full list → newFolder', STAFF, 'newFolder', rec('Diretorio', {}), true),
  c(18, 'no full list → no delete', STAFF, 'delete', rec('Diretorio', { acesso: {} }), false),
  c(18, 'no full list → no edit', STAFF, 'edit', rec('Diretorio', { acesso: {} }), false),

  // 19. Permissao.
  c(19, 'acesso_total manages Permissao', user(['acesso_total']), 'delete', 'Permissao', true),
  c(19, 'admin_* edits Permissao', user(['admin_rdo']), 'edit', 'Permissao', true),
  c(19, 'role containing admin edits Permissao', user(['superadmin_x']), 'edit', 'Permissao', true),
  c(19, 'admin_* cannot delete Permissao', user(['admin_rdo']), 'delete', 'Permissao', false),
  c(19, 'non-admin cannot edit Permissao', user(['site_manager', 'contratos']), 'edit', 'Permissao', false),

  // 20. Materiais (only with role materiais).
  c(20, 'admin_materiais manages', user(['materiais', 'admin_materiais']), 'delete', rec('Materiais', { Status: 'X' }), true),
  c(20, 'admin_materiais without materiais gets nothing', user(['admin_materiais']), 'read', 'Materiais', false),
  c(20, 'materiais_obra create_obra', user(['materiais', 'materiais_obra']), 'create_obra', 'Materiais', true),
  c(20, 'materiais_obra without materiais', user(['materiais_obra']), 'create_obra', 'Materiais', false),
  c(20, 'materiais_projeto create_projeto', user(['materiais', 'materiais_projeto']), 'create_projeto', 'Materiais', true),
  c(20, 'materiais_projeto cannot create_obra', user(['materiais', 'materiais_projeto']), 'create_obra', 'Materiais', false),
  c(20, 'editor_materiais creates', user(['materiais', 'editor_materiais']), 'create', 'Materiais', true),
  c(20, 'editor_materiais reads', user(['materiais', 'editor_materiais']), 'read', rec('Materiais', { Status: 'LIBERADO' }), true),
  c(20, 'editor_materiais edits in REVISAR', user(['materiais', 'editor_materiais']), 'edit', rec('Materiais', { Status: 'REVISAR' }), true),
  c(20, 'editor_materiais releases in EM ELABORAÇÃO', user(['materiais', 'editor_materiais']), 'release', rec('Materiais', { Status: 'EM ELABORAÇÃO' }), true),
  c(
    20,
    'editor_materiais cannot edit in LIBERADO PARA VERIFICAÇÃO',
    user(['materiais', 'editor_materiais']),
    'edit',
    rec('Materiais', { Status: 'LIBERADO PARA VERIFICAÇÃO' }),
    false,
  ),
  c(20, 'editor_materiais without materiais', user(['editor_materiais']), 'create', 'Materiais', false),
  c(20, 'quantifier edits own in REVISAR', user(['materiais']), 'edit', rec('Materiais', { Quantificou: { mail: ME }, Status: 'REVISAR' }), true),
  c(
    20,
    'quantifier releases own in EM ELABORAÇÃO',
    user(['materiais']),
    'release',
    rec('Materiais', { Quantificou: { mail: ME }, Status: 'EM ELABORAÇÃO' }),
    true,
  ),
  c(
    20,
    'quantifier deletes own in EM ELABORAÇÃO',
    user(['materiais']),
    'delete',
    rec('Materiais', { Quantificou: { mail: ME }, Status: 'EM ELABORAÇÃO' }),
    true,
  ),
  c(20, 'quantifier cannot delete own in REVISAR', user(['materiais']), 'delete', rec('Materiais', { Quantificou: { mail: ME }, Status: 'REVISAR' }), false),
  c(20, 'quantifier cannot edit other in REVISAR', user(['materiais']), 'edit', rec('Materiais', { Quantificou: { mail: OTHER }, Status: 'REVISAR' }), false),
  c(20, 'quantifier without materiais cannot edit own', user([]), 'edit', rec('Materiais', { Quantificou: { mail: ME }, Status: 'REVISAR' }), false),
  c(
    20,
    'verifier releases at verification',
    user(['materiais']),
    'release',
    rec('Materiais', { Verificador: { mail: ME }, Status: 'LIBERADO PARA VERIFICAÇÃO' }),
    true,
  ),
  c(
    20,
    'verifier cannot release at coordinator stage',
    user(['materiais']),
    'release',
    rec('Materiais', { Verificador: { mail: ME }, Status: 'LIBERADO PARA COORDENADOR' }),
    false,
  ),
  c(20, 'site manager reads own', user(['materiais']), 'read', rec('Materiais', { Site_manager: { mail: ME }, Status: 'X' }), true),
  c(20, 'site manager cannot read other', user(['materiais']), 'read', rec('Materiais', { Site_manager: { mail: OTHER }, Status: 'X' }), false),
  c(
    20,
    'site manager releases at site manager stage',
    user(['materiais']),
    'release',
    rec('Materiais', { Site_manager: { mail: ME }, Status: 'LIBERADO PARA SITE MANAGER' }),
    true,
  ),
  c(
    20,
    'site manager cannot release at verification',
    user(['materiais']),
    'release',
    rec('Materiais', { Site_manager: { mail: ME }, Status: 'LIBERADO PARA VERIFICAÇÃO' }),
    false,
  ),
  c(
    20,
    'coordinator releases at coordinator stage',
    user(['materiais']),
    'release',
    rec('Materiais', { Coordenador: { mail: ME }, Status: 'LIBERADO PARA COORDENADOR' }),
    true,
  ),
  c(
    20,
    'coordinator cannot release at planning stage',
    user(['materiais']),
    'release',
    rec('Materiais', { Coordenador: { mail: ME }, Status: 'LIBERADO PARA PLANEJAMENTO' }),
    false,
  ),
  c(20, 'pcp reads at planning', user(['materiais', 'pcp']), 'read', rec('Materiais', { Status: 'LIBERADO PARA PLANEJAMENTO' }), true),
  c(20, 'pcp releases at planning', user(['materiais', 'pcp']), 'release', rec('Materiais', { Status: 'LIBERADO PARA PLANEJAMENTO' }), true),
  c(20, 'pcp editarpcp at planning', user(['materiais', 'pcp']), 'editarpcp', rec('Materiais', { Status: 'LIBERADO PARA PLANEJAMENTO' }), true),
  c(20, 'pcp cannot editarpcp at REVISAR', user(['materiais', 'pcp']), 'editarpcp', rec('Materiais', { Status: 'REVISAR' }), false),
  c(20, 'pcp without materiais', user(['pcp']), 'release', rec('Materiais', { Status: 'LIBERADO PARA PLANEJAMENTO' }), false),

  // 21. ProcessoJuridico.
  c(21, 'admin_juridico manages', user(['admin_juridico']), 'delete', 'ProcessoJuridico', true),
  c(21, 'leitura_juridico reads', user(['leitura_juridico']), 'read', 'ProcessoJuridico', true),
  c(21, 'leitura_juridico cannot update', user(['leitura_juridico']), 'update', 'ProcessoJuridico', false),
  c(21, 'responsavelDp upload_dp', STAFF, 'upload_dp', rec('ProcessoJuridico', { responsavelDp: { mail: ME } }), true),
  c(21, 'other cannot upload_dp', STAFF, 'upload_dp', rec('ProcessoJuridico', { responsavelDp: { mail: OTHER }, responsavelSeg: { mail: ME } }), false),
  c(21, 'responsavelSeg upload_seg', STAFF, 'upload_seg', rec('ProcessoJuridico', { responsavelSeg: { mail: ME } }), true),
  c(21, 'responsavelDp cannot upload_seg', STAFF, 'upload_seg', rec('ProcessoJuridico', { responsavelDp: { mail: ME } }), false),
  c(21, 'staff cannot read ProcessoJuridico', STAFF, 'read', 'ProcessoJuridico', false),

  // 22. Usuario.
  c(22, 'admin_obra creates Usuario', user(['admin_obra']), 'create', 'Usuario', true),
  c(22, 'acesso_total creates Usuario', user(['acesso_total']), 'create', 'Usuario', true),
  c(22, 'obra cannot create Usuario', user(['obra']), 'create', 'Usuario', false),
  c(22, 'admin_obra cannot delete Usuario', user(['admin_obra']), 'delete', 'Usuario', false),

  // 23. specific_rules (staff only), appended; malformed ignored.
  c(
    23,
    'specific rule grants',
    user([], { specific_rules: '[{"action":"read","subject":"RDO","conditions":{"obra":"OB-5"}}]' }),
    'read',
    rec('RDO', { obra: 'OB-5' }),
    true,
  ),
  c(
    23,
    'specific rule condition not met',
    user([], { specific_rules: '[{"action":"read","subject":"RDO","conditions":{"obra":"OB-5"}}]' }),
    'read',
    rec('RDO', { obra: 'OB-6' }),
    false,
  ),
  c(23, 'parsed specific rules accepted', user([], { specific_rules: [{ action: 'read', subject: 'TAF' }] as never }), 'read', 'TAF', true),
  c(
    23,
    'inverted specific rule wins over roles',
    user(['admin_rdo'], { specific_rules: '[{"action":"delete","subject":"RDO","inverted":true}]' }),
    'delete',
    'RDO',
    false,
  ),
  c(
    23,
    'inverted specific rule leaves other actions',
    user(['admin_rdo'], { specific_rules: '[{"action":"delete","subject":"RDO","inverted":true}]' }),
    'update',
    'RDO',
    true,
  ),
  c(23, 'malformed JSON ignored (roles still apply)', user(['admin_rdo'], { specific_rules: '[{"action": "read", ' }), 'delete', 'RDO', true),
  c(23, 'malformed JSON grants nothing', user([], { specific_rules: '{not json' }), 'read', 'RDO', false),
  c(23, 'non-array JSON ignored', user([], { specific_rules: '{"action":"read","subject":"RDO"}' }), 'read', 'RDO', false),
  c(
    23,
    'malformed entries dropped',
    user([], { specific_rules: '[{"action":5,"subject":"RDO"},{"subject":"RDO"},{"action":"read","subject":"TAF"}]' }),
    'read',
    'RDO',
    false,
  ),
  c(
    23,
    'good entry next to malformed kept',
    user([], { specific_rules: '[{"action":5,"subject":"RDO"},{"action":"read","subject":"TAF"}]' }),
    'read',
    'TAF',
    true,
  ),
  c(
    23,
    'unparseable conditions dropped',
    user([], { specific_rules: '[{"action":"read","subject":"RDO","conditions":{"obra":{"$in":5}}}]' }),
    'read',
    rec('RDO', { obra: 5 }),
    false,
  ),
  c(23, 'client specific_rules ignored', user(['cliente'], { specific_rules: '[{"action":"read","subject":"RDO"}]' }), 'read', 'RDO', false),

  // 32. The client's representative reads its sites' concluded daily reports only (and signs them, API).
  c(32, 'representative reads a concluded RDO of its site', CLIENT_REP, 'read', rec('RDO', { obra: 'OB-1', status: 'Em revisão' }), true),
  c(32, 'representative reads an approved RDO of its site', CLIENT_REP, 'read', rec('RDO', { obra: 'OB-2', status: 'Aprovado' }), true),
  c(32, 'representative does not read a draft', CLIENT_REP, 'read', rec('RDO', { obra: 'OB-1', status: 'Rascunho' }), false),
  c(32, 'representative does not read a report being corrected', CLIENT_REP, 'read', rec('RDO', { obra: 'OB-1', status: 'Reprovado' }), false),
  c(32, 'representative does not read another site', CLIENT_REP, 'read', rec('RDO', { obra: 'OB-7', status: 'Aprovado' }), false),
  c(32, 'representative does not update a report', CLIENT_REP, 'update', rec('RDO', { obra: 'OB-1', status: 'Em revisão' }), false),
  c(32, 'a client without the role reads no report', CLIENT_PROJ, 'read', rec('RDO', { obra: 'OB-1', status: 'Aprovado' }), false),
  c(32, 'the role gives a staff user nothing', user(['representante_cliente']), 'read', rec('RDO', { obra: 'OB-1', status: 'Aprovado' }), false),
  // 37. The RIT's own subject: the field team's roles hold it, the representative reads it once issued, and no client gets a FIELD rule.
  c(37, 'admin_field manages the RIT', user(['admin_field']), 'manage', 'RIT', true),
  c(37, 'field reads and creates RITs', user(['field']), 'create', 'RIT', true),
  c(37, 'field reads RITs', user(['field']), 'read', rec('RIT', { obra: 'OB-9', status: 'Assinado' }), true),
  c(37, 'the inspector updates the RIT naming them', user(['field']), 'update', rec('RIT', { inspetor: { mail: ME }, status: 'Rascunho' }), true),
  c(37, "field does not update another inspector's RIT", user(['field']), 'update', rec('RIT', { inspetor: { mail: OTHER }, status: 'Rascunho' }), false),
  c(37, 'the inspector rule is not a FIELD rule', user(['field']), 'update', rec('FIELD', { inspetor: { mail: ME }, status: 'Rascunho' }), false),
  c(37, 'field_config gets nothing on the RIT', user(['field_config']), 'read', 'RIT', false),
  c(37, 'another staff member reads no RIT', SM, 'read', 'RIT', false),
  c(37, 'representative reads an issued RIT of its site', CLIENT_REP, 'read', rec('RIT', { obra: 'OB-1', status: 'Emitido' }), true),
  c(37, 'representative reads a signed RIT of its site', CLIENT_REP, 'read', rec('RIT', { obra: 'OB-2', status: 'Assinado' }), true),
  c(37, 'representative reads a voided RIT of its site (it may have signed it)', CLIENT_REP, 'read', rec('RIT', { obra: 'OB-1', status: 'Anulado' }), true),
  c(37, 'representative does not read a draft RIT', CLIENT_REP, 'read', rec('RIT', { obra: 'OB-1', status: 'Rascunho' }), false),
  c(37, 'representative does not read a RIT being corrected', CLIENT_REP, 'read', rec('RIT', { obra: 'OB-1', status: 'Devolvido' }), false),
  c(37, 'representative does not read a RIT of another site', CLIENT_REP, 'read', rec('RIT', { obra: 'OB-7', status: 'Emitido' }), false),
  c(37, 'representative does not update a RIT', CLIENT_REP, 'update', rec('RIT', { obra: 'OB-1', status: 'Emitido' }), false),
  c(37, 'representative gets no FIELD rule (no FIELD menu)', CLIENT_REP, 'read', 'FIELD', false),
  c(37, 'a client without the role reads no RIT', CLIENT_PROJ, 'read', rec('RIT', { obra: 'OB-1', status: 'Emitido' }), false),
  // 24. Routes: subject without action → read; "needs admin_projetos" → manage PROJETO.
  c(24, 'route RDO (read) for site_manager', SM, 'read', 'RDO', true),
  c(24, 'route RDO (read) for staff', STAFF, 'read', 'RDO', false),
  c(24, 'needs admin_projetos: admin_projetos', user(['admin_projetos']), 'manage', 'PROJETO', true),
  c(24, 'needs admin_projetos: editor_projetista', user(['editor_projetista']), 'manage', 'PROJETO', false),
  c(24, 'needs admin_projetos_fabrica: admin', user(['admin_projetos_fabrica']), 'manage', 'PROJETO_FABRICA', true),
  c(24, 'needs admin_projetos_fabrica: admin_projetos', user(['admin_projetos']), 'manage', 'PROJETO_FABRICA', false),
];

function check(ability: AppAbility, action: string, target: Target): boolean {
  if (typeof target === 'string') return ability.can(action as never, target as never);
  return ability.can(action as never, subject(target[0], { ...target[1] }) as never);
}

describe('defineAbilityFor (docs/access.md rules 1–24)', () => {
  it.each(CASES.map((k) => [`rule ${k.rule}: ${k.name}`, k] as const))('%s', (_name, k) => {
    const ability = defineAbilityFor(k.user, { environment: k.env });
    expect(check(ability, k.action, k.target)).toBe(k.expected);
  });

  it('covers every rule 1–24 with allowed and denied cases', () => {
    for (let n = 1; n <= 24; n++) {
      const ofRule = CASES.filter((k) => k.rule === n);
      const allowed = ofRule.filter((k) => k.expected).length;
      const denied = ofRule.filter((k) => !k.expected).length;
      expect([n, allowed > 0, denied > 0]).toEqual([n, true, true]);
    }
  });

  it('packed rules rebuild the same ability', () => {
    for (const k of CASES) {
      const ability = defineAbilityFor(k.user, { environment: k.env });
      const json = JSON.parse(JSON.stringify(packAbilityRules(ability)));
      const rebuilt = abilityFromPacked(json);
      expect([k.name, check(rebuilt, k.action, k.target)]).toEqual([k.name, k.expected]);
    }
  });

  it('denies the internal fields to clients and partners only, never the record itself', () => {
    const internalFields = { Obra: ['cxNotaInterna'] };
    const client = defineAbilityFor(user(['cliente', 'projetista'], { tipo: 'cliente', obra: ['101'] }), { internalFields });
    const site = subject('Obra', { Id_Lista: '101', nome: 'Obra 101', cxNotaInterna: 'x' }) as never;
    expect(client.can('read', site)).toBe(true);
    expect(client.can('read', site, 'nome')).toBe(true);
    expect(client.can('read', site, 'cxNotaInterna')).toBe(false);
    expect(client.can('update', site, 'cxNotaInterna')).toBe(false);
    const staff = defineAbilityFor(user(['acesso_total']), { internalFields });
    expect(staff.can('read', subject('Obra', { Id_Lista: '101', cxNotaInterna: 'x' }) as never, 'cxNotaInterna')).toBe(true);
  });

  it('abilityFromPacked never throws on garbage', () => {
    for (const bad of [null, 5, 'x', [5], [[1, 2]], [['read']], {}]) {
      const a = abilityFromPacked(bad);
      expect(a.can('read', 'RDO')).toBe(false);
    }
  });
});

describe('malformed users never throw', () => {
  const BAD: unknown[] = [
    null,
    undefined,
    {},
    5,
    'x',
    [],
    { roles: 'x' },
    { obra: 5 },
    { roles: [null, 5, {}, ' site_manager '], obra: [null, 'OB-1'], email: 42 },
    { roles: ['acesso_total'], specific_rules: 12 },
    { roles: [], specific_rules: '[{"action":"read","subject":"RDO","conditions":"x"}]' },
    { roles: ['site_manager'], email: null, empresa: { a: 1 } },
  ];

  it.each(BAD.map((b) => [JSON.stringify(b) ?? String(b), b] as const))('%s', (_n, bad) => {
    const u = normalizeUser(bad);
    expect(Array.isArray(u.roles) && Array.isArray(u.obra) && Array.isArray(u.empresa)).toBe(true);
    expect(typeof u.tipo).toBe('string');
    const ability = defineAbilityFor(bad);
    expect(() => {
      ability.can('read', 'RDO');
      ability.can('read', subject('RDO', { obra: 'OB-1', siteManager: { mail: '' } }) as never);
      ability.can('read', subject('Diretorio', { acesso: { full: [''] } }) as never);
      ability.can('edit', subject('Contratos', { status: 'Revisão' }) as never);
      ability.can('delete', subject('Materiais', {}) as never);
    }).not.toThrow();
  });

  it('normalizes lists and strings', () => {
    const u = normalizeUser({
      email: '  a@b.c ',
      roles: [' site_manager ', 'site_manager', '', 7],
      obra: '["OB-1"," OB-2 "]',
      empresa: 'not a list',
      specific_rules: 'garbage',
    });
    expect(u.email).toBe('a@b.c');
    expect(u.roles).toEqual(['site_manager', '7']);
    expect(u.obra).toEqual(['OB-1', 'OB-2']);
    expect(u.empresa).toEqual([]);
    expect(u.specific_rules).toBeUndefined();
    expect(u.tipo).toBe('');
    expect(normalizeUser({ roles: 'x', obra: 5 })).toMatchObject({ roles: [], obra: [] });
  });

  it('user with empty e-mail does not match empty person mails', () => {
    const ability = defineAbilityFor({ roles: ['site_manager', 'materiais'] });
    expect(ability.can('read', subject('RDO', { siteManager: { mail: '' } }) as never)).toBe(false);
    expect(ability.can('delete', subject('TicketInteracao', { responsavel: { mail: '' } }) as never)).toBe(false);
  });

  it('permissionsOf = roles, email, empresa', () => {
    expect(permissionsOf(user(['r1', 'r2']))).toEqual(['r1', 'r2', ME, 'EmpresaX']);
  });
});

describe('route checks (rule 24) and Refine action mapping', () => {
  it('canAccessRoute defaults to read and checks records', () => {
    const sm = defineAbilityFor(SM);
    expect(canAccessRoute(sm, { subject: 'RDO' })).toBe(true);
    expect(canAccessRoute(sm, { subject: 'RDO' }, { siteManager: { mail: ME } })).toBe(true);
    expect(canAccessRoute(sm, { subject: 'RDO' }, { siteManager: { mail: OTHER } })).toBe(false);
    expect(canAccessRoute(sm, { subject: 'PROJETO', action: 'manage' })).toBe(false);
    expect(canAccessRoute(defineAbilityFor(user(['admin_projetos'])), { subject: 'PROJETO', action: 'manage' })).toBe(true);
  });

  it('maps Refine actions per subject', () => {
    expect(toCaslAction('RDO', 'list')).toBe('read');
    expect(toCaslAction('RDO', 'show')).toBe('read');
    expect(toCaslAction('RDO', 'create')).toBe('create');
    expect(toCaslAction('RDO', 'edit')).toBe('update');
    expect(toCaslAction('RDO', 'delete')).toBe('delete');
    for (const s of ['POSVENDAS', 'Contratos', 'SEGUROS', 'TicketSgi', 'Diretorio']) expect(toCaslAction(s, 'edit')).toBe('edit');
    expect(toCaslAction('Materiais', 'release')).toBe('release');
    expect(toCaslAction('Materiais', 'field')).toBe('field');
    expect(toCaslAction('Materiais', 'edit', { edit: 'editarpcp' })).toBe('editarpcp');
    expect(toCaslAction('RDO', 'toString')).toBe('toString');
  });
});
