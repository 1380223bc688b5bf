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
