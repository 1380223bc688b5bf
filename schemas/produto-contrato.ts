import type { EntitySchema } from './kinds';

/** A product supplied under a contract (products per contract). */
export const produtoContrato: EntitySchema = {
  name: 'produtoContrato',
  resource: 'produtos-contrato',
  label: 'Produto do contrato',
  labelPlural: 'Produtos dos contratos',
  gender: 'm',
  subject: 'Contratos',
  titleField: 'descricao',
  defaultSort: { field: 'contrato', order: 'asc' },
  actions: { edit: 'edit' },
  menu: { group: 'Contratos e materiais', icon: 'ShoppingCartOutlined' },
  fields: [
    { name: 'contrato', kind: 'reference', label: 'Contrato', ref: 'contrato', required: true, list: true, filter: true, sort: true, group: 'Item', span: 'half' },
    { name: 'produto', kind: 'reference', label: 'Produto', ref: 'produto', required: true, list: true, filter: true, group: 'Item', span: 'half' },
    { name: 'descricao', kind: 'text', label: 'Descrição no contrato', required: true, maxLength: 200, list: true, search: true, group: 'Item', span: 'full' },
    { name: 'quantidade', kind: 'decimal', label: 'Quantidade', required: true, scale: 2, min: 0, max: 1_000_000_000, list: true, group: 'Item', span: 'third' },
    { name: 'unidade', kind: 'text', label: 'Unidade', maxLength: 10, default: 'un', list: true, group: 'Item', span: 'third' },
    { name: 'valorUnitario', kind: 'money', label: 'Valor unitário', required: true, min: 0, max: 1_000_000_000, list: true, sort: true, group: 'Item', span: 'third' },
    { name: 'valorTotal', kind: 'money', label: 'Valor total', readOnly: true, list: true, sort: true, group: 'Item', span: 'third', help: 'Quantidade × valor unitário, calculado pelo servidor.' },
    { name: 'prazoEntrega', kind: 'date', label: 'Prazo de entrega', sort: true, group: 'Item', span: 'third' },
  ],
};
