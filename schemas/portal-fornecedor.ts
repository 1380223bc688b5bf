import type { EntitySchema } from './kinds';
import { attachmentsField, longtext } from './shared/common';
import { EMPRESA_FORNECEDOR } from './empresa';

export const PORTAL_STATUS = ['Recebido', 'Em análise', 'Aceito', 'Recusado'];

/**
 * Supplier-portal entry (a supplier's answer to an RNC, a qualification document…). SGI data,
 * so gated by TicketSgi; accepting an entry is the `aceitaInteracao` action.
 */
export const portalFornecedor: EntitySchema = {
  name: 'portalFornecedor',
  resource: 'portal-fornecedor',
  label: 'Registro do portal do fornecedor',
  labelPlural: 'Portal do fornecedor',
  gender: 'm',
  subject: 'TicketSgi',
  titleField: 'assunto',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  defaultSort: { field: 'dataEnvio', order: 'desc' },
  // A supplier answers (`Interagir`) its SGI records with an entry here (decision 29, src/server/modules/supplier-rules.ts).
  actions: { create: 'Interagir', edit: 'edit' },
  menu: { group: 'SGI', icon: 'ShopOutlined' },
  fields: [
    {
      name: 'fornecedor',
      kind: 'reference',
      label: 'Fornecedor',
      ref: 'empresa',
      refKey: 'cnpj',
      refFilter: { tipo: EMPRESA_FORNECEDOR },
      required: true,
      maxLength: 18,
      list: true,
      filter: true,
      sort: true,
      group: 'Envio',
      span: 'half',
    },
    { name: 'cnpj', kind: 'text', label: 'CNPJ', maxLength: 18, search: true, group: 'Envio', span: 'half' },
    { name: 'contato', kind: 'text', label: 'Contato', maxLength: 120, group: 'Envio', span: 'half' },
    { name: 'email', kind: 'email', label: 'E-mail', required: true, maxLength: 254, group: 'Envio', span: 'half' },
    {
      name: 'tipo',
      kind: 'enum',
      label: 'Tipo',
      required: true,
      options: ['Resposta a RNC', 'Qualificação de fornecedor', 'Documento', 'Avaliação de desempenho'],
      default: 'Resposta a RNC',
      list: true,
      filter: true,
      group: 'Envio',
      span: 'half',
    },
    { name: 'ticket', kind: 'reference', label: 'Registro SGI relacionado', ref: 'ticketSgi', list: true, filter: true, group: 'Envio', span: 'half' },
    { name: 'dataEnvio', kind: 'datetime', label: 'Enviado em', required: true, list: true, sort: true, group: 'Envio', span: 'third' },
    {
      name: 'status',
      kind: 'enum',
      label: 'Situação',
      required: true,
      options: PORTAL_STATUS,
      default: 'Recebido',
      list: true,
      filter: true,
      sort: true,
      group: 'Envio',
      span: 'third',
    },
    {
      name: 'assunto',
      kind: 'text',
      label: 'Assunto',
      required: true,
      minLength: 3,
      maxLength: 150,
      list: true,
      search: true,
      group: 'Mensagem',
      span: 'full',
    },
    longtext('mensagem', 'Mensagem', { required: true, maxLength: 4000, search: true, group: 'Mensagem' }),
    longtext('resposta', 'Resposta da empresa', { maxLength: 4000, group: 'Mensagem' }),
    attachmentsField('anexos', 'Anexos'),
  ],
};
