import type { EntitySchema } from './kinds';
import { EMPRESA_CLIENTE, companyRef } from './empresa';
import { attachmentsField, imagesField, longtext, obraRef } from './shared/common';

export const FABRICACAO_STATUS = ['Planejada', 'Em produção', 'Em inspeção', 'Concluída', 'Expedida', 'Cancelada'];

/** A factory manufacturing order. Creating one is `write` on FABRICACAO (/fabricacao/nova). */
export const fabricacao: EntitySchema = {
  name: 'fabricacao',
  resource: 'fabricacoes',
  label: 'Fabricação',
  labelPlural: 'Fabricações',
  gender: 'f',
  subject: 'FABRICACAO',
  titleField: 'descricao',
  obraField: 'obra',
  defaultSort: { field: 'codigo', order: 'desc' },
  actions: { create: 'write' },
  menu: { group: 'Fábrica', icon: 'BuildOutlined' },
  fields: [
    { name: 'codigo', kind: 'text', label: 'Código', required: true, unique: true, maxLength: 30, list: true, sort: true, search: true, group: 'Identificação', span: 'third', width: 130 },
    { name: 'descricao', kind: 'text', label: 'Descrição', required: true, minLength: 3, maxLength: 200, list: true, search: true, group: 'Identificação', span: 'full' },
    companyRef('cliente', 'Cliente', EMPRESA_CLIENTE, { list: true, filter: true, group: 'Identificação', span: 'half' }),
    obraRef({ span: 'half' }),
    { name: 'produto', kind: 'reference', label: 'Produto', ref: 'produto', list: true, filter: true, group: 'Identificação', span: 'half' },
    { name: 'ordemProducao', kind: 'text', label: 'Ordem de produção', maxLength: 30, search: true, group: 'Identificação', span: 'half' },
    { name: 'quantidade', kind: 'integer', label: 'Quantidade', required: true, min: 1, max: 100_000, default: 1, list: true, group: 'Produção', span: 'third' },
    { name: 'status', kind: 'enum', label: 'Situação', required: true, options: FABRICACAO_STATUS, default: 'Planejada', list: true, filter: true, sort: true, group: 'Produção', span: 'third' },
    { name: 'responsavel', kind: 'person', label: 'Responsável', list: true, group: 'Produção', span: 'third' },
    { name: 'dataInicio', kind: 'date', label: 'Início', sort: true, group: 'Produção', span: 'third' },
    { name: 'dataPrevista', kind: 'date', label: 'Previsão de entrega', list: true, sort: true, group: 'Produção', span: 'third' },
    { name: 'dataConclusao', kind: 'date', label: 'Concluída em', sort: true, group: 'Produção', span: 'third' },
    {
      name: 'etapas', kind: 'rows', label: 'Etapas', group: 'Etapas', span: 'full',
      fields: [
        { name: 'etapa', kind: 'text', label: 'Etapa', required: true, maxLength: 100 },
        { name: 'responsavel', kind: 'text', label: 'Responsável', maxLength: 120 },
        { name: 'inicio', kind: 'date', label: 'Início' },
        { name: 'fim', kind: 'date', label: 'Fim' },
        { name: 'concluida', kind: 'boolean', label: 'Concluída', default: false },
      ],
    },
    longtext('observacoes', 'Observações', { maxLength: 4000, group: 'Etapas' }),
    imagesField('fotos', 'Fotos'),
    attachmentsField('anexos', 'Anexos'),
  ],
};
