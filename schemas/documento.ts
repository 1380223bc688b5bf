import type { EntitySchema } from './kinds';
import { attachmentsField, obraRef } from './shared/common';

/**
 * A file in the library. Subject decision: docs/access.md gates the library by folder (`Diretorio`
 * with its `acesso` lists); BIBLIOTECA is only the "open the library page" permission every staff
 * user has. A document therefore has subject Diretorio and is checked against its folder
 * (`accessVia: 'diretorio'`): reading needs `read` on the folder, adding needs `upload`.
 */
export const documento: EntitySchema = {
  name: 'documento',
  resource: 'documentos',
  label: 'Documento',
  labelPlural: 'Documentos',
  gender: 'm',
  subject: 'Diretorio',
  titleField: 'nome',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  obraField: 'obra',
  accessVia: 'diretorio',
  defaultSort: { field: 'nome', order: 'asc' },
  actions: { create: 'upload', edit: 'edit' },
  menu: { group: 'Biblioteca', icon: 'FileTextOutlined' },
  fields: [
    {
      name: 'diretorio',
      kind: 'reference',
      label: 'Pasta',
      ref: 'diretorio',
      onDelete: 'cascade',
      required: true,
      list: true,
      filter: true,
      group: 'Documento',
      span: 'half',
    },
    {
      name: 'nome',
      kind: 'text',
      label: 'Nome',
      required: true,
      minLength: 1,
      maxLength: 200,
      list: true,
      sort: true,
      search: true,
      group: 'Documento',
      span: 'half',
    },
    obraRef({ label: 'Obra (opcional)', group: 'Documento', span: 'half' }),
    { name: 'versao', kind: 'integer', label: 'Versão', min: 1, max: 999, default: 1, list: true, group: 'Documento', span: 'third' },
    { name: 'dataDocumento', kind: 'date', label: 'Data do documento', list: true, sort: true, group: 'Documento', span: 'third' },
    { name: 'descricao', kind: 'text', label: 'Descrição', maxLength: 300, search: true, group: 'Documento', span: 'full' },
    { name: 'tags', kind: 'tags', label: 'Etiquetas', maxLength: 40, filter: true, group: 'Documento' },
    attachmentsField('arquivo', 'Arquivo', { required: true, maxFiles: 1, maxSizeMb: 200 }),
  ],
};
