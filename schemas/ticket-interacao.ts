import { NOW, CURRENT_USER, type EntitySchema } from './kinds';
import { attachmentsField, longtext, obraRef } from './shared/common';

/**
 * An interaction on a post-sales ticket. docs/access.md: `responsavel.mail` (may delete and interact)
 * and `responsavelRegistro.mail` (may interact) are used in permission conditions; a client reads
 * those of its sites' tickets that are `visivelCliente` (`obra`, copied from the ticket).
 */
export const ticketInteracao: EntitySchema = {
  name: 'ticketInteracao',
  resource: 'ticket-interacoes',
  label: 'Interação do ticket',
  labelPlural: 'Interações dos tickets',
  gender: 'f',
  messages: { created: 'Interação registrada.' },
  subject: 'TicketInteracao',
  titleField: 'texto',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  defaultSort: { field: 'data', order: 'desc' },
  menu: { group: 'Pós-venda', icon: 'CommentOutlined' },
  // docs/access.md decision 17: interacting is `Interagir` (the person who registers it, or its responsible).
  actions: { create: 'Interagir', edit: 'Interagir' },
  fields: [
    {
      name: 'ticket',
      kind: 'reference',
      label: 'Ticket',
      ref: 'posvenda',
      onDelete: 'cascade',
      required: true,
      list: true,
      filter: true,
      group: 'Interação',
      span: 'half',
    },
    { name: 'data', kind: 'datetime', label: 'Data', required: true, default: NOW, list: true, sort: true, group: 'Interação', span: 'half' },
    {
      name: 'tipo',
      kind: 'enum',
      label: 'Tipo',
      required: true,
      options: ['Comentário', 'Contato com cliente', 'Visita técnica', 'Atualização interna'],
      default: 'Comentário',
      list: true,
      filter: true,
      group: 'Interação',
      span: 'half',
    },
    { name: 'visivelCliente', kind: 'boolean', label: 'Visível ao cliente', default: false, list: true, group: 'Interação', span: 'half' },
    // Starts as the person who writes it (an answer is usually theirs); they may name someone else.
    {
      name: 'responsavel',
      kind: 'person',
      label: 'Responsável',
      required: true,
      default: CURRENT_USER,
      list: true,
      filter: true,
      group: 'Interação',
      span: 'half',
    },
    {
      name: 'responsavelRegistro',
      kind: 'person',
      label: 'Registrado por',
      required: true,
      default: CURRENT_USER,
      list: true,
      group: 'Interação',
      span: 'half',
    },
    {
      name: 'respostaA',
      kind: 'reference',
      label: 'Em resposta a',
      ref: 'ticketInteracao',
      onDelete: 'cascade',
      filter: true,
      group: 'Interação',
      span: 'half',
    },
    longtext('texto', 'Texto', { required: true, minLength: 1, maxLength: 4000, list: true, search: true, group: 'Interação' }),
    attachmentsField('anexos', 'Anexos'),
    // The ticket's site, kept by the server (src/server/modules/client-replies.ts): a client reads the
    // client-visible interactions of its sites' tickets (docs/access.md decision 30).
    obraRef({ readOnly: true, hidden: true, list: false, filter: false, group: 'Interação' }),
  ],
};
