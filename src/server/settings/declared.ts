/**
 * The portal's own settings that administrators change at run time (issue 35): how long deleted
 * records stay in the trash, how long the audit trail is kept, who must use a second factor. Each
 * is declared once here; the table row, the validation, the API description and the form of
 * "Configurações do portal" (/admin/configuracoes) follow from the declaration.
 */

interface SettingBase {
  key: string;
  label: string;
  /** One pt-BR sentence under the input. */
  help: string;
}

export interface IntegerSetting extends SettingBase {
  kind: 'integer';
  min: number;
  max: number;
  default: number;
  /** Unit shown after the number ("dias", "anos"). */
  unit: string;
}

export interface OptionsSetting extends SettingBase {
  kind: 'options';
  /** Value → label; the setting is a list of values. */
  options: Record<string, string>;
  default: string[];
}

export type PortalSetting = IntegerSetting | OptionsSetting;

export const PORTAL_SETTINGS: PortalSetting[] = [
  {
    key: 'lixeiraDias',
    kind: 'integer',
    label: 'Tempo na lixeira',
    help: 'Por quantos dias um registro excluído pode ser restaurado antes de ser apagado de vez.',
    min: 1,
    max: 3650,
    default: 30,
    unit: 'dias',
  },
  {
    // Read by the daily purge of the audit trail (src/server/audit/purge.ts).
    key: 'auditoriaAnos',
    kind: 'integer',
    label: 'Guarda da auditoria',
    help: 'Por quantos anos as entradas da auditoria (histórico dos registros, entradas no portal, exportações e downloads) são guardadas antes de serem apagadas.',
    min: 1,
    max: 30,
    default: 5,
    unit: 'anos',
  },
  {
    // Read by src/server/mfa/policy.ts: own-login accounts only (staff use their corporate provider's MFA).
    key: 'mfaObrigatorio',
    kind: 'options',
    label: 'Verificação em duas etapas obrigatória',
    help: 'Contas com login próprio que precisam cadastrar um aplicativo autenticador antes de usar o portal (colaboradores usam a da conta corporativa).',
    options: {
      cliente: 'Todos os clientes',
      fornecedor: 'Todos os fornecedores',
      escritorio: 'Todos os escritórios parceiros',
      'papel:aprovador': 'Quem aprova documentos (papel Aprovador)',
      'papel:representante_cliente': 'Quem assina os diários pelo cliente (papel Representante do cliente)',
    },
    default: [],
  },
];

export type SettingValue = number | string[];
export type SettingValues = Record<string, SettingValue>;

export const settingByKey = (key: string): PortalSetting | undefined => PORTAL_SETTINGS.find((s) => s.key === key);
