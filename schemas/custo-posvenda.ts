import { TODAY, type EntitySchema } from './kinds';
import { attachmentsField } from './shared/common';

/** A cost incurred while serving a post-sales ticket (cost-control dashboard: top 10 + rest). */
export const custoPosvenda: EntitySchema = {
  name: 'custoPosvenda',
  resource: 'custos-posvenda',
  label: 'Custo de pós-venda',
  labelPlural: 'Custos de pós-venda',
  gender: 'm',
  subject: 'POSVENDAS',
  titleField: 'descricao',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  defaultSort: { field: 'data', order: 'desc' },
  // Recording a ticket's costs is part of working the ticket: `edit` on POSVENDAS (pos_vendas has
  // read, edit, upload; docs/access.md §12), not `create`, which only admin_pos_vendas holds.
  actions: { create: 'edit', edit: 'edit' },
  menu: { group: 'Pós-venda', icon: 'DollarOutlined' },
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
      group: 'Custo',
      span: 'half',
    },
    { name: 'data', kind: 'date', label: 'Data', required: true, default: TODAY, list: true, sort: true, filter: true, group: 'Custo', span: 'half' },
    {
      name: 'descricao',
      kind: 'text',
      label: 'Descrição',
      required: true,
      minLength: 3,
      maxLength: 200,
      list: true,
      search: true,
      group: 'Custo',
      span: 'full',
    },
    {
      name: 'categoria',
      kind: 'enum',
      label: 'Categoria',
      required: true,
      options: ['Mão de obra', 'Material', 'Deslocamento', 'Hospedagem', 'Frete', 'Terceiros', 'Outros'],
      default: 'Mão de obra',
      list: true,
      filter: true,
      group: 'Custo',
      span: 'half',
    },
    { name: 'valor', kind: 'money', label: 'Valor', required: true, min: 0, max: 100_000_000, list: true, sort: true, group: 'Custo', span: 'half' },
    { name: 'fornecedor', kind: 'text', label: 'Fornecedor', maxLength: 150, search: true, group: 'Documento', span: 'half' },
    { name: 'notaFiscal', kind: 'text', label: 'Nota fiscal', maxLength: 30, group: 'Documento', span: 'half' },
    attachmentsField('anexos', 'Comprovantes', { maxFiles: 10 }),
  ],
};
