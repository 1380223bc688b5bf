import type { EntitySchema } from './kinds';
import { diretorio } from './diretorio';

/**
 * A folder of the default library tree a new site (obra) gets when it is created: the folders,
 * their hierarchy and their access lists are copied into the site's `diretorio` records. Names may
 * use `{obra}` (the site code) and `{nome}` (the site name); access lists may name `$siteManager`,
 * `$substituto` and `$cliente`, replaced by the new site's site manager, substitute and client.
 * Edited on /obra/documentacao with the `configure` right on Obra.
 */
export const modeloDiretorio: EntitySchema = {
  name: 'modeloDiretorio',
  resource: 'modelos-diretorio',
  label: 'Pasta do modelo de documentação',
  labelPlural: 'Árvore de documentos das obras',
  gender: 'f',
  subject: 'Obra',
  titleField: 'nome',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  defaultSort: { field: 'nome', order: 'asc' },
  tree: { parent: 'pai', order: 'nome' },
  actions: { list: 'configure', show: 'configure', create: 'configure', edit: 'configure', delete: 'configure' },
  menu: { group: 'Obras', icon: 'ApartmentOutlined' },
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
      help: 'Pode usar {obra} (código) e {nome} (nome da obra).',
    },
    {
      name: 'pai',
      kind: 'reference',
      label: 'Pasta superior',
      ref: 'modeloDiretorio',
      onDelete: 'cascade',
      list: true,
      filter: true,
      group: 'Pasta',
      span: 'half',
    },
    { name: 'descricao', kind: 'text', label: 'Descrição', maxLength: 300, group: 'Pasta', span: 'full' },
    {
      ...diretorio.fields.find((f) => f.name === 'acesso')!,
      help: 'Perfis (roles), e-mails ou empresas; $siteManager, $substituto e $cliente viram as pessoas e o cliente da nova obra. Sem "Acesso total", a pasta fica aberta a todos os colaboradores.',
    },
  ],
};
