import { CURRENT_USER, TODAY, type EntitySchema, type Workflow } from './kinds';
import { imagesField, longtext, obraRef } from './shared/common';
import { AREA_LABELS } from './option-labels';

/**
 * A work-order daily report is created as a draft (docs/access.md decision 30: never directly sent or
 * approved); the area's administrator (`manage` on the area's DiarioOs) approves it or returns a
 * sent one with a comment. Whoever may update it sends it for approval.
 */
const diarioOsWorkflow: Workflow = {
  field: 'status',
  initial: 'Rascunho',
  states: [
    { value: 'Rascunho', color: 'default', assignees: ['executante'] },
    { value: 'Enviado', label: 'Enviado (em aprovação)', color: 'gold', editBy: [{ action: 'manage' }] },
    { value: 'Aprovado', color: 'green', editBy: [] },
  ],
  // The report's executante writes and sends it; the area's administrator (docs/access.md decisions
  // 6 and 7: `manage` DiarioOs of the area) approves it.
  roleInbox: { Enviado: ['admin_field', 'admin_automacao'] },
  transitions: [
    { name: 'enviar', label: 'Enviar para aprovação', from: ['Rascunho'], to: 'Enviado', action: 'update', tone: 'primary' },
    { name: 'aprovar', label: 'Aprovar diário', from: ['Rascunho', 'Enviado'], to: 'Aprovado', action: 'manage', tone: 'primary' },
    {
      name: 'devolver',
      label: 'Devolver para correção',
      from: ['Enviado'],
      to: 'Rascunho',
      action: 'manage',
      comment: 'required',
      inbox: false,
      tone: 'danger',
    },
  ],
};

/**
 * Daily report of a work order. docs/access.md: `area` (FIELD or AUTOMACAO) is used in permission
 * conditions. The order itself lives in `osField` or `osAutomacao` depending on `area`, so there
 * is one optional reference per table (fill the one of the report's area).
 */
export const diarioOs: EntitySchema = {
  name: 'diarioOs',
  resource: 'diarios-os',
  offline: true,
  label: 'Diário de OS',
  labelPlural: 'Diários de OS',
  gender: 'm',
  subject: 'DiarioOs',
  titleField: 'data',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  obraField: 'obra',
  defaultSort: { field: 'data', order: 'desc' },
  menu: { group: 'Field e automação', icon: 'CalendarOutlined' },
  fields: [
    {
      name: 'area',
      kind: 'enum',
      label: 'Área',
      required: true,
      options: ['FIELD', 'AUTOMACAO'],
      optionLabels: { ...AREA_LABELS },
      default: 'FIELD',
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'third',
      width: 110,
    },
    obraRef({ required: true, span: 'third' }),
    { name: 'data', kind: 'date', label: 'Data', required: true, default: TODAY, list: true, sort: true, filter: true, group: 'Identificação', span: 'third' },
    {
      name: 'osField',
      kind: 'reference',
      label: 'OS (Field)',
      ref: 'osField',
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'half',
      help: 'Preencha quando a área for FIELD.',
    },
    {
      name: 'osAutomacao',
      kind: 'reference',
      label: 'OS (Automação)',
      ref: 'osAutomacao',
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'half',
      help: 'Preencha quando a área for AUTOMACAO.',
    },
    {
      name: 'executante',
      kind: 'person',
      label: 'Responsável pelo diário',
      personRoles: ['field', 'automacao', 'admin_field', 'admin_automacao'],
      personOfSite: true,
      required: true,
      // Whoever writes the report, as the RDO's site manager (issue 36: it came empty and required).
      default: CURRENT_USER,
      list: true,
      group: 'Identificação',
      span: 'half',
    },
    {
      name: 'status',
      kind: 'enum',
      label: 'Situação',
      required: true,
      readOnly: true,
      options: ['Rascunho', 'Enviado', 'Aprovado'],
      default: 'Rascunho',
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'third',
    },
    { name: 'horarioInicio', kind: 'text', label: 'Início', maxLength: 5, placeholder: '08:00', group: 'Jornada', span: 'third' },
    { name: 'horarioFim', kind: 'text', label: 'Fim', maxLength: 5, placeholder: '17:00', group: 'Jornada', span: 'third' },
    {
      name: 'condicao',
      kind: 'enum',
      label: 'Condição de trabalho',
      options: ['Praticável', 'Impraticável'],
      default: 'Praticável',
      group: 'Jornada',
      span: 'third',
    },
    {
      name: 'equipe',
      kind: 'rows',
      label: 'Equipe',
      group: 'Jornada',
      span: 'full',
      fields: [
        { name: 'nome', kind: 'text', label: 'Nome', required: true, maxLength: 120 },
        { name: 'funcao', kind: 'text', label: 'Função', maxLength: 80 },
        { name: 'horas', kind: 'decimal', label: 'Horas', scale: 2, min: 0, max: 24 },
      ],
    },
    {
      name: 'atividades',
      kind: 'rows',
      label: 'Atividades',
      group: 'Atividades',
      span: 'full',
      fields: [
        { name: 'eapCodigo', kind: 'text', label: 'Item da EAP', maxLength: 30, eapCodeOf: { obra: 'obra', area: 'area' } },
        { name: 'descricao', kind: 'text', label: 'Descrição', required: true, maxLength: 300 },
        { name: 'avancoPercent', kind: 'decimal', label: 'Avanço (%)', scale: 2, min: 0, max: 100 },
      ],
    },
    longtext('ocorrencias', 'Ocorrências', { maxLength: 4000, search: true, group: 'Atividades' }),
    imagesField('fotos', 'Fotos'),
  ],
  workflow: diarioOsWorkflow,
};
