import type { EntitySchema } from './kinds';
import { EMPRESA_CLIENTE, companyRef } from './empresa';
import { CONFORMIDADE_OPTIONS, attachmentsField, longtext, obraRef } from './shared/common';

export const TAF_RESULTADOS = ['Pendente', 'Aprovado', 'Aprovado com ressalvas', 'Reprovado'];

/** Factory acceptance test (TAF) of a product. */
export const taf: EntitySchema = {
  name: 'taf',
  resource: 'tafs',
  label: 'TAF',
  labelPlural: 'TAFs',
  gender: 'm',
  subject: 'TAF',
  titleField: 'codigo',
  obraField: 'obra',
  defaultSort: { field: 'dataPrevista', order: 'desc' },
  menu: { group: 'Produtos', icon: 'ExperimentOutlined' },
  fields: [
    {
      name: 'codigo',
      kind: 'text',
      label: 'Código do TAF',
      required: true,
      unique: true,
      maxLength: 30,
      list: true,
      sort: true,
      search: true,
      group: 'Identificação',
      span: 'third',
    },
    { name: 'produto', kind: 'reference', label: 'Produto', ref: 'produto', required: true, list: true, filter: true, group: 'Identificação', span: 'third' },
    { name: 'fabricacao', kind: 'reference', label: 'Fabricação', ref: 'fabricacao', filter: true, group: 'Identificação', span: 'third' },
    obraRef({ span: 'third' }),
    companyRef('cliente', 'Cliente', EMPRESA_CLIENTE, { list: true, filter: true, group: 'Identificação', span: 'half' }),
    { name: 'dataPrevista', kind: 'date', label: 'Data prevista', required: true, list: true, sort: true, filter: true, group: 'Datas', span: 'third' },
    { name: 'dataRealizacao', kind: 'date', label: 'Data de realização', list: true, sort: true, group: 'Datas', span: 'third' },
    { name: 'local', kind: 'text', label: 'Local', maxLength: 150, group: 'Datas', span: 'third' },
    { name: 'responsavel', kind: 'person', label: 'Responsável', list: true, group: 'Datas', span: 'half' },
    { name: 'testemunhaCliente', kind: 'text', label: 'Representante do cliente', maxLength: 120, group: 'Datas', span: 'half' },
    {
      name: 'resultado',
      kind: 'enum',
      label: 'Resultado',
      required: true,
      options: TAF_RESULTADOS,
      default: 'Pendente',
      list: true,
      filter: true,
      sort: true,
      group: 'Resultado',
      span: 'half',
    },
    {
      name: 'ensaios',
      kind: 'rows',
      label: 'Ensaios',
      group: 'Resultado',
      span: 'full',
      fields: [
        { name: 'ensaio', kind: 'text', label: 'Ensaio', required: true, maxLength: 150 },
        { name: 'criterio', kind: 'text', label: 'Critério de aceitação', maxLength: 300 },
        { name: 'valorMedido', kind: 'text', label: 'Valor medido', maxLength: 100 },
        { name: 'resultado', kind: 'enum', label: 'Resultado', required: true, options: CONFORMIDADE_OPTIONS, default: 'Conforme' },
      ],
    },
    longtext('observacoes', 'Observações', { maxLength: 4000, group: 'Resultado' }),
    attachmentsField('relatorio', 'Relatório do TAF'),
  ],
};
