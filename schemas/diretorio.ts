import type { EntitySchema } from './kinds';
import { obraRef } from './shared/common';

/**
 * A library folder. docs/access.md: `acesso.full`, `acesso.rOnly`, `acesso.uploadOnly`, `acesso.rW`
 * and `acesso.rWEdit` are lists of permission names (roles, e-mails, companies). A folder whose
 * `acesso` has no `full` list is open (read, upload, new folder) to every staff user; empty
 * lists are not stored, so leaving `full` empty makes the folder open.
 */
export const diretorio: EntitySchema = {
  name: 'diretorio',
  resource: 'diretorios',
  label: 'Pasta',
  labelPlural: 'Pastas',
  gender: 'f',
  subject: 'Diretorio',
  titleField: 'nome',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  obraField: 'obra',
  defaultSort: { field: 'nome', order: 'asc' },
  tree: { parent: 'pai', order: 'nome' },
  actions: { create: 'newFolder', edit: 'edit' },
  menu: { group: 'Biblioteca', icon: 'FolderOutlined' },
  related: [
    { entity: 'diretorio', via: 'pai', label: 'Subpastas' },
    { entity: 'documento', via: 'diretorio', label: 'Arquivos da pasta' },
  ],
  fields: [
    {
      name: 'nome',
      kind: 'text',
      label: 'Nome',
      required: true,
      minLength: 1,
      maxLength: 150,
      list: true,
      sort: true,
      search: true,
      group: 'Pasta',
      span: 'half',
    },
    { name: 'pai', kind: 'reference', label: 'Pasta superior', ref: 'diretorio', onDelete: 'cascade', list: true, filter: true, group: 'Pasta', span: 'half' },
    obraRef({ label: 'Obra (opcional)', group: 'Pasta', span: 'half' }),
    { name: 'descricao', kind: 'text', label: 'Descrição', maxLength: 300, search: true, group: 'Pasta', span: 'full' },
    {
      name: 'acesso',
      kind: 'object',
      label: 'Acesso',
      group: 'Acesso',
      span: 'full',
      help: 'Permissões são perfis (roles), e-mails ou empresas. Sem a lista "Acesso total", a pasta fica aberta para leitura e envio a todos os colaboradores.',
      fields: [
        { name: 'full', kind: 'tags', label: 'Acesso total', maxLength: 254 },
        { name: 'rOnly', kind: 'tags', label: 'Somente leitura', maxLength: 254 },
        { name: 'uploadOnly', kind: 'tags', label: 'Leitura e envio', maxLength: 254 },
        { name: 'rW', kind: 'tags', label: 'Leitura e escrita', maxLength: 254 },
        { name: 'rWEdit', kind: 'tags', label: 'Leitura, escrita e edição', maxLength: 254 },
      ],
    },
  ],
};
