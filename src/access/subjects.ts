/** The exact subject and action strings of docs/access.md. */
export const SUBJECTS = [
  'all', 'Obra', 'Usuario', 'Permissao', 'PERFIL', 'BIBLIOTECA', 'Diretorio', 'RDO', 'FIELD', 'OS_FIELD',
  'DiarioOs', 'EapOS', 'AUTOMACAO', 'OS_AUTOMACAO', 'DIARIO_OS', 'POSVENDAS', 'SEGUROS', 'SEGUROS_PLENO',
  'FABRICACAO', 'PROJETO', 'PROJETO_FABRICA', 'Produto', 'TAF', 'Contratos', 'Materiais', 'TicketSgi',
  'TicketInteracao', 'ProcessoJuridico', 'RelatoEtica', 'Empresa',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const ACTIONS = [
  'manage', 'read', 'create', 'update', 'delete', 'inspect', 'config', 'configure', 'data_planejada',
  'aviso-atraso', 'edit', 'upload', 'write', 'readInterno', 'comment', 'adicionar_cliente', 'aceitaInteracao',
  'readAcoes', 'Interagir', 'create_obra', 'create_projeto', 'release', 'editarpcp', 'upload_dp', 'upload_seg',
  'newFolder',
] as const;
export type Action = (typeof ACTIONS)[number];
