import type { EntitySchema } from './kinds';
import { obraRef } from './shared/common';
import { AREA_LABELS } from './option-labels';

/**
 * Work-breakdown structure (EAP) item of a site's field or automation services.
 * docs/access.md: `area` (FIELD or AUTOMACAO) is used in permission conditions.
 */
export const eapOs: EntitySchema = {
  name: 'eapOs',
  resource: 'eap-os',
  label: 'Item da EAP',
  labelPlural: 'EAP (Field e automação)',
  gender: 'm',
  subject: 'EapOS',
  titleField: 'descricao',
  obraField: 'obra',
  defaultSort: { field: 'codigo', order: 'asc' },
  tree: { parent: 'pai', code: { field: 'codigo', separator: '.' }, order: 'codigo' },
  menu: { group: 'Field e automação', icon: 'PartitionOutlined' },
  fields: [
    { name: 'area', kind: 'enum', label: 'Área', required: true, options: ['FIELD', 'AUTOMACAO'], optionLabels: { ...AREA_LABELS }, default: 'FIELD', list: true, filter: true, group: 'Identificação', span: 'third', width: 110 },
    obraRef({ required: true, span: 'third' }),
    { name: 'codigo', kind: 'text', label: 'Código', required: true, maxLength: 30, placeholder: '1.2.3', list: true, sort: true, search: true, group: 'Identificação', span: 'third', width: 100 },
    { name: 'descricao', kind: 'text', label: 'Descrição', required: true, minLength: 2, maxLength: 200, list: true, search: true, group: 'Identificação', span: 'full' },
    { name: 'pai', kind: 'reference', label: 'Item pai', ref: 'eapOs', group: 'Identificação', span: 'half' },
    { name: 'unidade', kind: 'text', label: 'Unidade', maxLength: 10, list: true, group: 'Planejamento', span: 'third' },
    { name: 'quantidadePrevista', kind: 'decimal', label: 'Quantidade prevista', scale: 2, min: 0, max: 1_000_000_000, list: true, group: 'Planejamento', span: 'third' },
    { name: 'peso', kind: 'decimal', label: 'Peso (%)', scale: 2, min: 0, max: 100, list: true, group: 'Planejamento', span: 'third', help: 'Peso do item no avanço físico do nível.' },
    { name: 'inicioPrevisto', kind: 'date', label: 'Início previsto', sort: true, group: 'Planejamento', span: 'half' },
    { name: 'terminoPrevisto', kind: 'date', label: 'Término previsto', sort: true, group: 'Planejamento', span: 'half' },
    { name: 'responsavel', kind: 'person', label: 'Responsável', group: 'Planejamento', span: 'half' },
  ],
};
