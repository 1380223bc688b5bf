/**
 * Refine's i18nProvider in Portuguese (pt-BR). Keys are Refine's own (core, antd and
 * react-router packages) plus the app's `table.actions`; `{{name}}` is interpolated.
 * Resource keys (`<resource>.<resource>`, `<resource>.titles.<action>`) come from the schemas.
 */
import type { I18nProvider } from '@refinedev/core';
import { SCHEMAS } from '../../schemas';

export const LOCALE = 'pt-BR';

export const PT_BR: Record<string, string> = {
  // Buttons.
  'buttons.create': 'Novo',
  'buttons.edit': 'Editar',
  'buttons.delete': 'Excluir',
  'buttons.save': 'Salvar',
  'buttons.cancel': 'Cancelar',
  'buttons.confirm': 'Tem certeza?',
  'buttons.show': 'Ver',
  'buttons.list': 'Lista',
  'buttons.refresh': 'Atualizar',
  'buttons.export': 'Exportar',
  'buttons.import': 'Importar',
  'buttons.clone': 'Duplicar',
  'buttons.filter': 'Filtrar',
  'buttons.clear': 'Limpar',
  'buttons.undo': 'Desfazer',
  'buttons.logout': 'Sair',
  'buttons.notAccessTitle': 'Você não tem permissão para acessar',
  'buttons.saveAndContinue': 'Salvar e continuar',
  // Actions (page titles).
  'actions.list': 'Lista',
  'actions.create': 'Novo',
  'actions.edit': 'Editar',
  'actions.show': 'Ver',
  'actions.clone': 'Duplicar',
  // Notifications.
  'notifications.success': 'Sucesso',
  'notifications.error': 'Erro (código: {{statusCode}})',
  'notifications.undoable': 'Você tem {{seconds}} segundos para desfazer',
  'notifications.createSuccess': '{{resource}} criado(a).',
  'notifications.createError': 'Erro ao criar {{resource}} (código: {{statusCode}})',
  'notifications.editSuccess': 'Alterações salvas.',
  'notifications.editError': 'Erro ao salvar {{resource}} (código: {{statusCode}})',
  'notifications.deleteSuccess': '{{resource}} excluído(a).',
  'notifications.deleteError': 'Erro ao excluir {{resource}} (código: {{statusCode}})',
  'notifications.importProgress': 'Importando: {{processed}}/{{total}}',
  // Unsaved changes.
  warnWhenUnsavedChanges: 'Há alterações não salvas. Deseja sair mesmo assim?',
  // Error pages.
  'pages.error.403': 'Você não tem permissão para acessar esta página.',
  'pages.error.404': 'Desculpe, a página que você procura não existe.',
  'pages.error.resource404': 'Você pode ter esquecido de declarar o componente {{action}} no recurso {{resource}}.',
  'pages.error.info': 'Você pode ter esquecido de declarar o componente {{action}} no recurso {{resource}}.',
  'pages.error.backHome': 'Voltar ao início',
  // Login pages (Refine's built-in auth pages, if used).
  'pages.login.title': 'Entre na sua conta',
  'pages.login.signin': 'Entrar',
  'pages.login.signup': 'Cadastrar',
  'pages.login.divider': 'ou',
  'pages.login.fields.email': 'E-mail',
  'pages.login.fields.password': 'Senha',
  'pages.login.errors.requiredEmail': 'Informe o e-mail',
  'pages.login.errors.validEmail': 'E-mail inválido',
  'pages.login.errors.requiredPassword': 'Informe a senha',
  'pages.login.buttons.submit': 'Entrar',
  'pages.login.buttons.forgotPassword': 'Esqueceu a senha?',
  'pages.login.buttons.noAccount': 'Não tem uma conta?',
  'pages.login.buttons.haveAccount': 'Já tem uma conta?',
  'pages.login.buttons.rememberMe': 'Lembrar de mim',
  'pages.login.register': 'Cadastrar',
  'pages.forgotPassword.title': 'Esqueceu a senha?',
  'pages.forgotPassword.fields.email': 'E-mail',
  'pages.forgotPassword.errors.requiredEmail': 'Informe o e-mail',
  'pages.forgotPassword.errors.validEmail': 'E-mail inválido',
  'pages.forgotPassword.buttons.submit': 'Enviar instruções',
  'pages.forgotPassword.buttons.haveAccount': 'Já tem uma conta?',
  'pages.forgotPassword.signin': 'Entrar',
  'pages.updatePassword.title': 'Definir nova senha',
  'pages.updatePassword.fields.password': 'Nova senha',
  'pages.updatePassword.fields.confirmPassword': 'Confirme a nova senha',
  'pages.updatePassword.errors.requiredPassword': 'Informe a senha',
  'pages.updatePassword.errors.requiredConfirmPassword': 'Confirme a senha',
  'pages.updatePassword.errors.confirmPasswordNotMatch': 'As senhas não conferem',
  'pages.updatePassword.buttons.submit': 'Atualizar',
  'pages.register.title': 'Crie sua conta',
  'pages.register.fields.email': 'E-mail',
  'pages.register.fields.password': 'Senha',
  'pages.register.email': 'E-mail',
  'pages.register.divider': 'ou',
  'pages.register.errors.requiredEmail': 'Informe o e-mail',
  'pages.register.errors.validEmail': 'E-mail inválido',
  'pages.register.errors.requiredPassword': 'Informe a senha',
  'pages.register.buttons.submit': 'Cadastrar',
  'pages.register.buttons.haveAccount': 'Já tem uma conta?',
  'pages.register.signin': 'Entrar',
  // Auto save, tables, misc.
  'autoSave.idle': 'aguardando alterações',
  'autoSave.loading': 'salvando…',
  'autoSave.success': 'salvo',
  'autoSave.error': 'falha ao salvar automaticamente',
  'table.actions': 'Ações',
  loading: 'Carregando',
  'documentTitle.default': 'Portal',
  'documentTitle.suffix': ' | Portal',
  'dashboard.title': 'Início',
};

function lowerFirst(label: string): string {
  if (label.length > 1 && label[1] === label[1].toUpperCase() && label[1] !== label[1].toLowerCase()) return label;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** `<resource>.<resource>` and `<resource>.titles.*` from the schemas. */
function resourceTexts(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of SCHEMAS) {
    const novo = s.gender === 'f' ? 'Nova' : 'Novo';
    out[`${s.resource}.${s.resource}`] = s.label;
    out[`${s.resource}.titles.list`] = s.labelPlural;
    out[`${s.resource}.titles.create`] = `${novo} ${lowerFirst(s.label)}`;
    out[`${s.resource}.titles.edit`] = `Editar ${lowerFirst(s.label)}`;
    out[`${s.resource}.titles.show`] = s.label;
    out[`${s.resource}.titles.clone`] = `Duplicar ${lowerFirst(s.label)}`;
  }
  return out;
}

let dictionary: Record<string, string> | undefined;
function texts(): Record<string, string> {
  dictionary ??= { ...resourceTexts(), ...PT_BR };
  return dictionary;
}

/** Replaces `{{name}}` with `values.name` (missing values become ''). */
export function interpolate(template: string, values?: Record<string, unknown>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const v = values?.[name];
    return v === undefined || v === null ? '' : String(v);
  });
}

/** "criado(a)" → "criada" when `{{resource}}` is a feminine entity label, "criado" otherwise. */
function agree(template: string, resource: unknown): string {
  if (!template.includes('(a)')) return template;
  const schema = SCHEMAS.find((s) => s.label === resource || s.labelPlural === resource);
  if (!schema) return template;
  return template.replace(/o\(a\)/g, schema.gender === 'f' ? 'a' : 'o');
}

/**
 * Refine calls `translate(key, options?, defaultMessage?)` and also `translate(key, defaultMessage)`.
 * Unknown keys fall back to the default message, then to the key.
 */
export function translate(key: string, options?: unknown, defaultMessage?: string): string {
  const values = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : undefined;
  const fallback = typeof options === 'string' ? options : defaultMessage;
  const found = texts()[key];
  if (found !== undefined) return interpolate(agree(found, values?.resource), values);
  return fallback !== undefined ? interpolate(fallback, values) : key;
}

export const i18nProvider: I18nProvider = {
  translate,
  changeLocale: () => Promise.resolve(),
  getLocale: () => LOCALE,
};
