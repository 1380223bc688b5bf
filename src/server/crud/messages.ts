import type { EntitySchema } from '../../../schemas/kinds';

const VERBS: Record<string, string> = {
  read: 'ver',
  create: 'criar',
  update: 'editar',
  edit: 'editar',
  delete: 'excluir',
  upload: 'enviar arquivos para',
  release: 'liberar',
};

/** "Você não tem permissão para editar este contrato." */
export function forbiddenMessage(schema: EntitySchema, action: string, many = false): string {
  const verb = VERBS[action] ?? `executar "${action}" em`;
  const label = (many ? schema.labelPlural : schema.label).toLowerCase();
  const det = many ? (schema.gender === 'f' ? 'as' : 'os') : schema.gender === 'f' ? 'esta' : 'este';
  return `Você não tem permissão para ${verb} ${det} ${label}.`;
}

export function notFoundMessage(schema: EntitySchema): string {
  return `${schema.label} não encontrad${schema.gender === 'f' ? 'a' : 'o'}.`;
}
