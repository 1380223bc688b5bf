import type { EntitySchema } from '../../../schemas/kinds';
import { lowerLabel } from '../../../schemas/messages';

const VERBS: Record<string, string> = {
  read: 'ver',
  create: 'criar',
  update: 'editar',
  edit: 'editar',
  delete: 'excluir',
  upload: 'enviar arquivos para',
  release: 'liberar',
  manage: 'administrar',
  config: 'configurar',
  comment: 'comentar',
  editarpcp: 'planejar (quantidades e datas)',
  create_obra: 'criar',
  create_projeto: 'criar',
  upload_dp: 'enviar documentos do departamento pessoal para',
  upload_seg: 'enviar documentos de segurança para',
  readAcoes: 'ver as ações de',
  aceitaInteracao: 'aceitar interações em',
  Interagir: 'interagir com',
  adicionar_cliente: 'adicionar clientes a',
};

/** The label the entity's workflow gives an action (a state's work, else a transition), if any. */
function workflowLabelOf(schema: EntitySchema, action: string): string | undefined {
  const wf = schema.workflow;
  return wf?.states.find((s) => s.inbox?.action === action)?.inbox?.label ?? wf?.transitions.find((t) => t.action === action)?.label;
}

/** "Você não tem permissão para editar este contrato." — the action in plain Portuguese, never its raw name. */
export function forbiddenMessage(schema: EntitySchema, action: string, many = false): string {
  const label = lowerLabel(many ? schema.labelPlural : schema.label);
  const gender = many ? (schema.pluralGender ?? schema.gender) : schema.gender;
  const det = many ? (gender === 'f' ? 'as' : 'os') : gender === 'f' ? 'esta' : 'este';
  const verb = Object.hasOwn(VERBS, action) ? VERBS[action] : undefined;
  if (verb) return `Você não tem permissão para ${verb} ${det} ${label}.`;
  const named = workflowLabelOf(schema, action);
  const on = many ? (gender === 'f' ? 'nas' : 'nos') : gender === 'f' ? 'nesta' : 'neste';
  return named ? `Você não tem permissão para "${named}" ${on} ${label}.` : `Você não tem permissão para realizar esta ação ${on} ${label}.`;
}

export function notFoundMessage(schema: EntitySchema): string {
  return `${schema.label} não encontrad${schema.gender === 'f' ? 'a' : 'o'}.`;
}

/**
 * "Verifique os campos destacados. Contrato de manutenção: Campo obrigatório." — the general
 * message of a 400 with the first fields' labels, so that a client without per-field display
 * still says which field is wrong.
 */
export function checkFieldsMessage(schema: EntitySchema, errors: Record<string, string[]>): string {
  const parts = Object.entries(errors)
    .slice(0, 3)
    .map(([path, msgs]) => {
      const [head, ...rest] = path.split('.');
      const label = schema.fields.find((f) => f.name === head)?.label;
      return label ? `${label}${rest.length ? ` (${rest.join('.')})` : ''}: ${msgs[0]}` : undefined;
    })
    .filter(Boolean);
  return parts.length ? `Verifique os campos destacados. ${parts.join(' ')}` : 'Verifique os campos destacados.';
}
