import type { EntitySchema } from './kinds';
import { longtext } from './shared/common';
import { ROLE_LABELS } from '../src/access/roles';

/**
 * A portal user as stored (PortalUser of docs/access.md). Permissions are roles + e-mail + empresas.
 * `tipo` is 'cliente' for external clients; staff carry a short company label.
 */
export const usuario: EntitySchema = {
  name: 'usuario',
  resource: 'usuarios',
  label: 'Usuário',
  labelPlural: 'Usuários',
  gender: 'm',
  subject: 'Usuario',
  titleField: 'nome',
  defaultSort: { field: 'nome', order: 'asc' },
  menu: { group: 'Administração', icon: 'TeamOutlined' },
  fields: [
    {
      name: 'email',
      kind: 'email',
      label: 'E-mail',
      required: true,
      unique: true,
      maxLength: 254,
      list: true,
      sort: true,
      search: true,
      group: 'Usuário',
      span: 'half',
    },
    {
      name: 'nome',
      kind: 'text',
      label: 'Nome',
      required: true,
      minLength: 2,
      maxLength: 150,
      list: true,
      sort: true,
      search: true,
      group: 'Usuário',
      span: 'half',
    },
    {
      name: 'tipo',
      kind: 'text',
      label: 'Tipo',
      required: true,
      maxLength: 40,
      list: true,
      filter: true,
      group: 'Usuário',
      span: 'third',
      help: "'cliente' para clientes externos; colaboradores usam a sigla da empresa.",
    },
    { name: 'ativo', kind: 'boolean', label: 'Ativo', default: true, list: true, filter: true, group: 'Usuário', span: 'third' },
    {
      name: 'empresa',
      kind: 'tags',
      label: 'Empresas',
      maxLength: 100,
      filter: true,
      group: 'Acesso',
      help: 'Fornecedores e escritórios: o CNPJ das suas empresas cadastradas em Empresas (os registros que as citam são os que veem).',
    },
    {
      name: 'obra',
      kind: 'tags',
      label: 'Obras (códigos)',
      maxLength: 20,
      list: true,
      filter: true,
      group: 'Acesso',
      help: 'Códigos das obras (Id_Lista) a que o usuário tem acesso.',
    },
    { name: 'roles', kind: 'tags', label: 'Perfis (roles)', optionLabels: { ...ROLE_LABELS }, maxLength: 60, list: true, filter: true, group: 'Acesso' },
    longtext('specific_rules', 'Regras específicas (JSON)', {
      maxLength: 20000,
      group: 'Acesso',
      help: 'Lista JSON de regras CASL ({ action, subject, conditions?, inverted? }).',
    }),
    {
      name: 'acessoDefinidoEm',
      kind: 'datetime',
      label: 'Acesso definido pela obra em',
      readOnly: true,
      group: 'Acesso',
      help: 'Preenchido pela tela "Adicionar usuários" da obra: a partir daí, as obras e os perfis deste registro valem para o portal no lugar dos do login.',
    },
  ],
};
