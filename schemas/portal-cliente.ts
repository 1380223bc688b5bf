import type { EntitySchema } from './kinds';
import { EMPRESA_CLIENTE, companyRef } from './empresa';
import { attachmentsField, longtext, obraRef } from './shared/common';
import { PORTAL_STATUS } from './portal-fornecedor';

/** Customer-portal entry (complaint, praise, suggestion) feeding the SGI; gated by TicketSgi. */
export const portalCliente: EntitySchema = {
  name: 'portalCliente',
  resource: 'portal-cliente',
  label: 'Registro do portal do cliente',
  labelPlural: 'Portal do cliente',
  gender: 'm',
  subject: 'TicketSgi',
  titleField: 'assunto',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  obraField: 'obra',
  defaultSort: { field: 'dataEnvio', order: 'desc' },
  actions: { edit: 'edit' },
  menu: { group: 'SGI', icon: 'ContactsOutlined' },
  fields: [
    companyRef('cliente', 'Cliente', EMPRESA_CLIENTE, { required: true, list: true, filter: true, group: 'Envio', span: 'half' }),
    obraRef({ group: 'Envio', span: 'half' }),
    { name: 'contato', kind: 'text', label: 'Contato', maxLength: 120, group: 'Envio', span: 'half' },
    { name: 'email', kind: 'email', label: 'E-mail', required: true, maxLength: 254, group: 'Envio', span: 'half' },
    {
      name: 'tipo',
      kind: 'enum',
      label: 'Tipo',
      required: true,
      options: ['Reclamação', 'Elogio', 'Sugestão', 'Solicitação'],
      default: 'Reclamação',
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
