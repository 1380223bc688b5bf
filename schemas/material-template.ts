import type { EntitySchema } from './kinds';
import { longtext } from './shared/common';
import { MATERIAL_DISCIPLINAS, MATERIAL_ITEM_FIELDS } from './shared/material-fields';

/** A materials-list template. Configuring templates needs `manage` on Materiais. */
export const materialTemplate: EntitySchema = {
  name: 'materialTemplate',
  resource: 'templates-materiais',
  label: 'Modelo de lista de materiais',
  labelPlural: 'Modelos de listas de materiais',
  gender: 'm',
  subject: 'Materiais',
  titleField: 'nome',
  importKey: ['nome'],
  defaultSort: { field: 'nome', order: 'asc' },
  actions: { create: 'manage', edit: 'manage', delete: 'manage' },
  menu: { group: 'Contratos e materiais', icon: 'SnippetsOutlined' },
  fields: [
    {
      name: 'nome',
      kind: 'text',
      label: 'Nome',
      required: true,
      minLength: 3,
      maxLength: 120,
      list: true,
      sort: true,
      search: true,
      group: 'Identificação',
      span: 'half',
    },
    {
      name: 'disciplina',
      kind: 'enum',
      label: 'Disciplina',
      options: MATERIAL_DISCIPLINAS,
      default: 'Geral',
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'third',
    },
    { name: 'ativo', kind: 'boolean', label: 'Ativo', default: true, list: true, filter: true, group: 'Identificação', span: 'third' },
    longtext('descricao', 'Descrição', { maxLength: 2000, group: 'Identificação' }),
    { name: 'itens', kind: 'rows', label: 'Itens', group: 'Itens', span: 'full', fields: MATERIAL_ITEM_FIELDS },
  ],
};
