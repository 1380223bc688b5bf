import type { EntitySchema } from './kinds';
import { longtext } from './shared/common';
import {
  EMPRESA_TIPOS,
  EMPRESA_FORNECEDOR,
  EMPRESA_CLIENTE,
  EMPRESA_ESCRITORIO,
  EMPRESA_SEGURADORA,
  EMPRESA_CORRETORA,
  companyRef,
} from './shared/company-ref';

// The kinds and the reference field live in schemas/shared/company-ref.ts (the shared field sets use
// them too); importers keep using this module.
export { EMPRESA_TIPOS, EMPRESA_FORNECEDOR, EMPRESA_CLIENTE, EMPRESA_ESCRITORIO, EMPRESA_SEGURADORA, EMPRESA_CORRETORA, companyRef };

/**
 * A registered company (docs/access.md decision 29): which company a record belongs to is a reference
 * to one of these, by its CNPJ (stored as digits, the key references and users' `empresa` hold).
 */
export const empresa: EntitySchema = {
  name: 'empresa',
  resource: 'empresas',
  label: 'Empresa',
  labelPlural: 'Empresas',
  gender: 'f',
  subject: 'Empresa',
  titleField: 'nome',
  defaultSort: { field: 'nome', order: 'asc' },
  // Staff read the registry through the pickers; the page is for who registers companies.
  menu: { group: 'Administração', icon: 'BankOutlined', action: 'create' },
  fields: [
    {
      name: 'nome',
      kind: 'text',
      label: 'Razão social',
      required: true,
      minLength: 2,
      maxLength: 150,
      list: true,
      sort: true,
      search: true,
      group: 'Empresa',
      span: 'half',
    },
    {
      name: 'cnpj',
      kind: 'text',
      format: 'cnpj',
      label: 'CNPJ',
      required: true,
      unique: true,
      maxLength: 18,
      list: true,
      filter: true,
      search: true,
      group: 'Empresa',
      span: 'third',
      width: 170,
      placeholder: '00.000.000/0000-00',
      help: 'Verificado pelos dígitos; guardado sem pontuação. Não muda depois do cadastro: é a chave que os registros e os usuários usam.',
    },
    {
      name: 'tipo',
      kind: 'enum',
      label: 'Tipo',
      required: true,
      options: EMPRESA_TIPOS,
      default: 'Fornecedor',
      list: true,
      filter: true,
      sort: true,
      group: 'Empresa',
      span: 'third',
    },
    { name: 'ativo', kind: 'boolean', label: 'Ativa', default: true, list: true, filter: true, group: 'Empresa', span: 'third' },
    { name: 'contato', kind: 'text', label: 'Contato', maxLength: 120, group: 'Contato', span: 'third' },
    { name: 'email', kind: 'email', label: 'E-mail', maxLength: 254, group: 'Contato', span: 'third' },
    { name: 'telefone', kind: 'text', label: 'Telefone', maxLength: 40, group: 'Contato', span: 'third' },
    longtext('observacoes', 'Observações', { maxLength: 2000, group: 'Contato' }),
  ],
};
