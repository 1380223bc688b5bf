/** The general layout (docs/specification.md §2 "General layout"): profile, library, new site, insurance. */
import { can, check, create, defineRoutes, list, STAFF_ONLY } from './define';

const r = defineRoutes('general', 'Geral', 'AppstoreOutlined');

const DEVICE_ACCESS = can('RDO', 'create', check('DiarioOs', 'create'), check('FIELD', 'create'), check('TicketSgi', 'create'));

export const GENERAL_ROUTES = [
  r('/usuarios/:user?', 'Perfil', { group: 'Usuário', access: can('PERFIL'), screen: 'perfil', icon: 'UserOutlined', menu: false }),
  // The search across every module's full results (issue 39): everyone signed in (each sees only what its lists show).
  r('/busca', 'Busca', { group: 'Usuário', access: can('PERFIL'), screen: 'busca', icon: 'FileSearchOutlined', menu: false, spec: false }),
  r('/biblioteca', 'Biblioteca', { group: 'Biblioteca', access: can('BIBLIOTECA'), screen: 'biblioteca', icon: 'FolderOutlined' }),
  r('/obra', 'Nova obra', { group: 'Obras', access: can('Obra', 'create'), entity: create('obra'), icon: 'PlusOutlined' }),
  r('/obra/documentacao', 'Árvore de documentos', {
    group: 'Obras',
    access: can('Obra', 'configure'),
    screen: 'documentTree',
    entity: list('modeloDiretorio'),
    icon: 'ApartmentOutlined',
  }),
  r('/seguros', 'Risco de engenharia', { group: 'Seguros', access: can('SEGUROS'), obraObrigatoria: true, entity: list('seguro'), icon: 'SafetyOutlined' }),
  // Staff only (every staff user reads Permissao, docs/access.md decision 3; clients do not), like GET /api/v1/openapi.json.
  r('/referencia-api', 'Referência da API', {
    group: 'Sistema',
    access: can('Permissao', 'edit'),
    screen: 'apiReference',
    icon: 'FileSearchOutlined',
    spec: false,
  }),
  // Decision 29: company names the registry migration could not match, for the administrators who manage the registry.
  r('/admin/empresas-pendentes', 'Empresas a conferir', {
    group: 'Administração',
    access: can('Empresa', 'manage'),
    screen: 'empresasPendentes',
    icon: 'BankOutlined',
    spec: false,
  }),
  // Decision 33: the audit trail (issue 35), for administrators and the controllership (read-only).
  r('/admin/auditoria', 'Auditoria', { group: 'Administração', access: can('Auditoria'), screen: 'auditoria', icon: 'AuditOutlined', spec: false }),
  // The portal settings (issue 35: trash period…), changed by administrators.
  r('/admin/configuracoes', 'Configurações do portal', {
    group: 'Administração',
    access: can('Configuracao', 'manage'),
    screen: 'configuracoes',
    icon: 'ControlOutlined',
    spec: false,
  }),
  // The maintenance switch (issue 40): a module or the whole portal, with a message and an expected end.
  r('/admin/manutencao', 'Manutenção', {
    group: 'Administração',
    access: can('Configuracao', 'manage'),
    screen: 'manutencaoAdmin',
    icon: 'ToolOutlined',
    spec: false,
  }),
  // Service accounts of other systems (ERP, BI) and their API keys (issue 41): administrators, like the maintenance switch.
  r('/admin/contas-servico', 'Contas de serviço', {
    group: 'Administração',
    access: can('Configuracao', 'manage'),
    screen: 'contasServico',
    icon: 'KeyOutlined',
    spec: false,
  }),
  r('/admin/contas-servico/:id', 'Conta de serviço', { group: 'Administração', access: can('Configuracao', 'manage'), screen: 'contasServico', spec: false }),
  // Signed webhooks to other systems and their delivery log (issue 41): the same administrators as the service accounts.
  r('/admin/webhooks', 'Webhooks', { group: 'Administração', access: can('Configuracao', 'manage'), screen: 'webhooks', icon: 'ApiOutlined', spec: false }),
  r('/admin/webhooks/:id', 'Webhook', { group: 'Administração', access: can('Configuracao', 'manage'), screen: 'webhooks', spec: false }),
  // Run-time configuration of entities (issue 15): staff only; the screen lists what GET /api/v1/schemas says the user may configure.
  r('/admin/entidades', 'Configurar entidades', {
    group: 'Sistema',
    access: can('Permissao', 'edit'),
    screen: 'schemaConfig',
    icon: 'SettingOutlined',
    spec: false,
  }),
  // The business calendar of the SLA deadlines (issue 25): weekly hours and holidays; for administrators (read-only for other staff at /feriados).
  r('/admin/calendario', 'Calendário da empresa', {
    group: 'Administração',
    access: can('Calendario', 'manage'),
    entity: list('feriado'),
    icon: 'CalendarOutlined',
    spec: false,
  }),
  r('/admin/entidades/:resource', 'Configurar entidade', {
    group: 'Sistema',
    access: can('Permissao', 'edit'),
    screen: 'schemaConfig',
    icon: 'SettingOutlined',
    spec: false,
  }),
  r('/seguros/perfeito', 'Operação plena', {
    group: 'Seguros',
    access: can('SEGUROS_PLENO'),
    obraObrigatoria: true,
    entity: list('seguroPleno'),
    icon: 'InsuranceOutlined',
  }),
  // Insurance (issue 40): the calendar of the policies' expiries, and "Renovar" (a new policy prefilled from the one it renews).
  r('/seguros/vencimentos', 'Vencimentos de apólices', {
    group: 'Seguros',
    access: can('SEGUROS', 'read', check('SEGUROS_PLENO')),
    screen: 'vencimentosSeguros',
    icon: 'CalendarOutlined',
    spec: false,
  }),
  r('/seguros/renovar', 'Renovar apólice', {
    group: 'Seguros',
    access: can('SEGUROS', 'create'),
    entity: create('seguro', { apoliceAnterior: '?anterior' }),
    icon: 'ReloadOutlined',
    menu: false,
    spec: false,
  }),
  r('/seguros-pleno/renovar', 'Renovar apólice de operação plena', {
    group: 'Seguros',
    access: can('SEGUROS_PLENO', 'create'),
    entity: create('seguroPleno', { apoliceAnterior: '?anterior' }),
    icon: 'ReloadOutlined',
    menu: false,
    spec: false,
  }),
];

/** Field forms written on the device (issue 26): for whoever may create a record of an entity with `offline`. Listed last: the user's own group. */
export const DEVICE_ROUTES = [
  r('/no-aparelho', 'No aparelho', {
    group: 'Usuário',
    access: DEVICE_ACCESS,
    screen: 'noAparelho',
    icon: 'MobileOutlined',
    spec: false,
  }),
  r('/no-aparelho/:id', 'Registro no aparelho', { group: 'Usuário', access: DEVICE_ACCESS, screen: 'noAparelhoRegistro', icon: 'MobileOutlined', spec: false }),
  // The trash (issue 35): every staff member, each entry shown to whoever may delete its record (the API decides).
  r('/lixeira', 'Lixeira', { group: 'Usuário', access: STAFF_ONLY, screen: 'lixeira', icon: 'DeleteOutlined', spec: false }),
  // Spreadsheet imports (issue 38): every staff member sees their own (administrators everyone's); started from a list's "Importar planilha".
  r('/importacoes', 'Importações', { group: 'Usuário', access: STAFF_ONLY, screen: 'importacoes', icon: 'CloudUploadOutlined', spec: false }),
];
