import type { EntitySchema } from './kinds';
import { CONFORMIDADE_OPTIONS, attachmentsField, imagesField, longtext, obraRef } from './shared/common';

/**
 * Technical inspection report (RIT).
 *
 * Subject decision: docs/access.md has no subject for RIT. Technical inspections (receiving,
 * assembly, commissioning) are carried out by the field-services team, so the report is gated by
 * FIELD: admin_field manages, `field` reads and creates. No new subject is introduced.
 */
export const rit: EntitySchema = {
  name: 'rit',
  resource: 'rits',
  label: 'Relatório de inspeção técnica',
  labelPlural: 'Relatórios de inspeção técnica (RIT)',
  gender: 'm',
  subject: 'FIELD',
  titleField: 'titulo',
  obraField: 'obra',
  defaultSort: { field: 'data', order: 'desc' },
  menu: { group: 'Field e automação', icon: 'FileSearchOutlined' },
  fields: [
    { name: 'numero', kind: 'text', label: 'Nº do RIT', required: true, unique: true, maxLength: 30, list: true, sort: true, search: true, group: 'Identificação', span: 'third', width: 130 },
    obraRef({ required: true, span: 'third' }),
    { name: 'data', kind: 'date', label: 'Data da inspeção', required: true, list: true, sort: true, group: 'Identificação', span: 'third' },
    { name: 'titulo', kind: 'text', label: 'Título', required: true, minLength: 3, maxLength: 150, list: true, search: true, group: 'Identificação', span: 'full' },
    { name: 'tipoInspecao', kind: 'enum', label: 'Tipo de inspeção', required: true, options: ['Recebimento', 'Montagem', 'Comissionamento', 'Periódica', 'Pós-venda'], default: 'Recebimento', list: true, filter: true, group: 'Identificação', span: 'half' },
    { name: 'inspetor', kind: 'person', label: 'Inspetor', required: true, list: true, group: 'Identificação', span: 'half' },
    { name: 'equipamento', kind: 'text', label: 'Equipamento / sistema inspecionado', maxLength: 150, search: true, group: 'Identificação', span: 'half' },
    { name: 'status', kind: 'enum', label: 'Situação', required: true, options: ['Rascunho', 'Emitido', 'Revisado'], default: 'Rascunho', list: true, filter: true, group: 'Identificação', span: 'third' },
    {
      name: 'itens', kind: 'rows', label: 'Itens inspecionados', group: 'Inspeção', span: 'full',
      fields: [
        { name: 'item', kind: 'text', label: 'Item', required: true, maxLength: 200 },
        { name: 'criterio', kind: 'text', label: 'Critério de aceitação', maxLength: 300 },
        { name: 'resultado', kind: 'enum', label: 'Resultado', required: true, options: CONFORMIDADE_OPTIONS, default: 'Conforme' },
        { name: 'observacao', kind: 'text', label: 'Observação', maxLength: 300 },
      ],
    },
    { name: 'conclusao', kind: 'enum', label: 'Conclusão', required: true, options: ['Aprovado', 'Aprovado com ressalvas', 'Reprovado'], default: 'Aprovado', list: true, filter: true, group: 'Conclusão', span: 'half' },
    longtext('recomendacoes', 'Recomendações', { maxLength: 4000, group: 'Conclusão' }),
    imagesField('fotos', 'Fotos'),
    attachmentsField('anexos', 'Anexos'),
  ],
};
