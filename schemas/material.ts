import type { EntitySchema, Workflow } from './kinds';
import type { SlaDecl } from './sla-types';
import { slaFields } from './shared/sla';
import { attachmentsField, longtext, obraRef } from './shared/common';
import { MATERIAL_DISCIPLINAS, MATERIAL_ITEM_FIELDS } from './shared/material-fields';

/**
 * Materials statuses: the six flow stages in order, then the two side states (in revision,
 * cancelled). Exactly as docs/access.md.
 */
export const MATERIAL_STATUS = [
  'REVISAR',
  'EM ELABORAÇÃO',
  'LIBERADO PARA VERIFICAÇÃO',
  'LIBERADO PARA SITE MANAGER',
  'LIBERADO PARA COORDENADOR',
  'LIBERADO PARA PLANEJAMENTO',
  'EM REVISÃO',
  'CANCELADO',
];

const PCP_FIELDS = ['itens', 'dataNecessidade', 'observacoes'];

/**
 * docs/access.md decisions 20 and 26: `release` moves a list one stage forward, by the person of the
 * stage, only with every item at a quantity above zero (guard `itensComQuantidade`); the holder of the current stage may return it to REVISAR with a comment; pcp edits the
 * planning fields (`editarpcp`) and may send a planned list back for revision (EM REVISÃO).
 */
const materialWorkflow: Workflow = {
  field: 'Status',
  initial: 'EM ELABORAÇÃO',
  deleteIn: ['EM ELABORAÇÃO'],
  states: [
    { value: 'EM ELABORAÇÃO', color: 'blue', assignees: ['Quantificou'] },
    { value: 'REVISAR', color: 'orange', assignees: ['Quantificou'] },
    { value: 'LIBERADO PARA VERIFICAÇÃO', color: 'gold', assignees: ['Verificador'] },
    { value: 'LIBERADO PARA SITE MANAGER', color: 'gold', assignees: ['Site_manager'] },
    { value: 'LIBERADO PARA COORDENADOR', color: 'gold', assignees: ['Coordenador'] },
    {
      value: 'LIBERADO PARA PLANEJAMENTO',
      color: 'purple',
      editBy: [{ action: 'edit' }, { action: 'editarpcp', fields: PCP_FIELDS }],
      // PCP's work in this state: planning, done by "Concluir planejamento" (then it leaves PCP's inbox).
      inbox: { action: 'editarpcp', label: 'Planejar (quantidades e datas)', untilFilled: 'planejadoEm' },
    },
    { value: 'EM REVISÃO', color: 'orange', assignees: ['Quantificou'] },
    { value: 'CANCELADO', color: 'red', final: true, editBy: [] },
  ],
  roleInbox: { 'LIBERADO PARA PLANEJAMENTO': ['pcp'] },
  transitions: [
    {
      name: 'liberar-verificacao',
      label: 'Liberar para verificação',
      from: ['EM ELABORAÇÃO', 'REVISAR'],
      to: 'LIBERADO PARA VERIFICAÇÃO',
      action: 'release',
      requires: ['itens', 'Verificador'],
      guard: 'itensComQuantidade',
      tone: 'primary',
    },
    {
      name: 'liberar-site-manager',
      label: 'Liberar para o site manager',
      from: ['LIBERADO PARA VERIFICAÇÃO'],
      to: 'LIBERADO PARA SITE MANAGER',
      action: 'release',
      requires: ['Site_manager'],
      guard: 'itensComQuantidade',
      tone: 'primary',
    },
    {
      name: 'liberar-coordenador',
      label: 'Liberar para o coordenador',
      from: ['LIBERADO PARA SITE MANAGER'],
      to: 'LIBERADO PARA COORDENADOR',
      action: 'release',
      requires: ['Coordenador'],
      guard: 'itensComQuantidade',
      tone: 'primary',
    },
    {
      name: 'liberar-planejamento',
      label: 'Liberar para o planejamento',
      from: ['LIBERADO PARA COORDENADOR'],
      to: 'LIBERADO PARA PLANEJAMENTO',
      action: 'release',
      guard: 'itensComQuantidade',
      // A list back from revision is planned again.
      set: { planejadoEm: null, planejadoPor: null },
      tone: 'primary',
    },
    {
      name: 'devolver',
      label: 'Devolver para revisão',
      from: ['LIBERADO PARA VERIFICAÇÃO', 'LIBERADO PARA SITE MANAGER', 'LIBERADO PARA COORDENADOR'],
      to: 'REVISAR',
      action: 'release',
      comment: 'required',
      notify: ['Quantificou'],
      inbox: false,
    },
    {
      name: 'concluir-planejamento',
      label: 'Concluir planejamento',
      from: ['LIBERADO PARA PLANEJAMENTO'],
      action: 'editarpcp',
      requires: ['dataNecessidade'],
      untilFilled: 'planejadoEm',
      set: { planejadoEm: '$now', planejadoPor: '$actor' },
      comment: 'optional',
      tone: 'primary',
    },
    {
      name: 'enviar-revisao',
      label: 'Enviar para revisão',
      from: ['LIBERADO PARA PLANEJAMENTO'],
      to: 'EM REVISÃO',
      action: 'editarpcp',
      comment: 'required',
      inbox: false,
    },
    { name: 'iniciar-revisao', label: 'Iniciar revisão', from: ['EM REVISÃO'], to: 'REVISAR', action: 'read', by: ['Quantificou'], tone: 'primary' },
    {
      name: 'cancelar',
      label: 'Cancelar lista',
      from: [
        'EM ELABORAÇÃO',
        'REVISAR',
        'LIBERADO PARA VERIFICAÇÃO',
        'LIBERADO PARA SITE MANAGER',
        'LIBERADO PARA COORDENADOR',
        'LIBERADO PARA PLANEJAMENTO',
        'EM REVISÃO',
      ],
      to: 'CANCELADO',
      action: 'read',
      by: ['Quantificou'],
      comment: 'required',
      inbox: false,
      tone: 'danger',
    },
  ],
  // Whoever quantified a list neither verifies nor approves it as coordinator (issue 36).
  distinctHolders: [
    ['Quantificou', 'Verificador'],
    ['Quantificou', 'Coordenador'],
  ],
};

/** SLA (issue 25): business days per stage of the list's release. */
const materialStage = (key: string, label: string, state: string, days: number) => ({
  key,
  label,
  kind: 'estado' as const,
  from: [state],
  amount: days,
  unit: 'dias' as const,
});
const materialSla: SlaDecl = {
  reminderPercent: 20,
  escalateTo: { roles: ['admin_materiais'] },
  policies: [
    {
      name: 'Etapas da lista',
      targets: [
        materialStage('elaboracao', 'Elaboração', 'EM ELABORAÇÃO', 5),
        materialStage('verificacao', 'Verificação', 'LIBERADO PARA VERIFICAÇÃO', 2),
        materialStage('site-manager', 'Site manager', 'LIBERADO PARA SITE MANAGER', 2),
        materialStage('coordenador', 'Coordenador', 'LIBERADO PARA COORDENADOR', 2),
        // Planning ends with "Concluir planejamento" (the list stays in the state).
        { ...materialStage('planejamento', 'Planejamento', 'LIBERADO PARA PLANEJAMENTO', 3), doneAtField: 'planejadoEm' },
        materialStage('revisao', 'Revisão', 'EM REVISÃO', 3),
      ],
    },
  ],
};

/**
 * A materials list with its review flow. docs/access.md: `Quantificou.mail`, `Verificador.mail`,
 * `Site_manager.mail`, `Coordenador.mail` and `Status` are used in permission conditions.
 * Moving a list to its next stage is the `release` action (a workflow, not a plain edit).
 */
export const material: EntitySchema = {
  name: 'material',
  resource: 'materiais',
  label: 'Lista de materiais',
  labelPlural: 'Listas de materiais',
  gender: 'f',
  subject: 'Materiais',
  titleField: 'titulo',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  obraField: 'obra',
  defaultSort: { field: 'dataNecessidade', order: 'asc' },
  actions: { edit: 'edit' },
  menu: { group: 'Contratos e materiais', icon: 'ContainerOutlined' },
  fields: [
    {
      name: 'titulo',
      kind: 'text',
      label: 'Título',
      required: true,
      minLength: 3,
      maxLength: 150,
      list: true,
      sort: true,
      search: true,
      group: 'Identificação',
      span: 'full',
    },
    obraRef({ required: true, sort: true, span: 'third' }),
    {
      name: 'origem',
      kind: 'enum',
      label: 'Origem',
      required: true,
      options: ['Obra', 'Projeto'],
      default: 'Obra',
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'third',
      help: 'Listas da obra exigem create_obra; listas de projeto, create_projeto.',
    },
    {
      name: 'disciplina',
      kind: 'enum',
      label: 'Disciplina',
      options: MATERIAL_DISCIPLINAS,
      default: 'Geral',
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'third',
    },
    {
      name: 'Status',
      kind: 'enum',
      label: 'Situação',
      required: true,
      readOnly: true,
      options: MATERIAL_STATUS,
      default: 'EM ELABORAÇÃO',
      list: true,
      filter: true,
      sort: true,
      group: 'Identificação',
      span: 'half',
    },
    {
      name: 'template',
      kind: 'reference',
      label: 'Modelo utilizado',
      ref: 'materialTemplate',
      copies: { itens: 'itens', disciplina: 'disciplina' },
      help: 'Ao escolher um modelo, a lista recebe os itens e a disciplina dele (só se ainda estiverem vazios).',
      group: 'Identificação',
      span: 'half',
    },
    { name: 'dataNecessidade', kind: 'date', label: 'Data de necessidade na obra', list: true, sort: true, group: 'Identificação', span: 'third' },
    {
      name: 'Quantificou',
      kind: 'person',
      matrixRole: 'quantificador',
      label: 'Quantificador',
      required: true,
      list: true,
      filter: true,
      group: 'Responsáveis',
      span: 'half',
    },
    { name: 'Verificador', kind: 'person', matrixRole: 'verificador', label: 'Verificador', filter: true, group: 'Responsáveis', span: 'half' },
    { name: 'Site_manager', kind: 'person', matrixRole: 'siteManager', label: 'Site manager', filter: true, group: 'Responsáveis', span: 'half' },
    { name: 'Coordenador', kind: 'person', matrixRole: 'coordenador', label: 'Coordenador', filter: true, group: 'Responsáveis', span: 'half' },
    { name: 'itens', kind: 'rows', label: 'Itens', group: 'Itens', span: 'full', fields: MATERIAL_ITEM_FIELDS },
    longtext('observacoes', 'Observações', { maxLength: 4000, group: 'Itens' }),
    attachmentsField('anexos', 'Anexos'),
    { name: 'planejadoEm', kind: 'datetime', label: 'Planejamento concluído em', readOnly: true, filter: true, group: 'Planejamento', span: 'half' },
    { name: 'planejadoPor', kind: 'person', label: 'Planejado por', readOnly: true, group: 'Planejamento', span: 'half' },
    ...slaFields({ list: false }),
  ],
  workflow: materialWorkflow,
  sla: materialSla,
};
