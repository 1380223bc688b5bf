/**
 * Fields shared by the two work-order schemas (`osField`, subject OS_FIELD, and `osAutomacao`,
 * subject OS_AUTOMACAO). The work order is split in two schemas because a schema has exactly one
 * CASL subject and docs/access.md grants the two kinds of order to different roles.
 */
import type { FieldDef, Workflow } from '../kinds';
import { PRIORIDADE_OPTIONS, attachmentsField, longtext, obraRef } from './common';
import { EMPRESA_CLIENTE, companyRef } from './company-ref';

export const OS_STATUS = ['Aberta', 'Planejada', 'Em execução', 'Pausada', 'Concluída', 'Cancelada'];
export const OS_TIPO_SERVICO = ['Instalação', 'Comissionamento', 'Manutenção preventiva', 'Manutenção corretiva', 'Inspeção', 'Start-up', 'Treinamento'];

/** A work order is opened, executed and concluded once every checklist filled for it is concluded. */
export const OS_WORKFLOW: Workflow = {
  field: 'status',
  initial: 'Aberta',
  states: [
    { value: 'Aberta', color: 'gold', assignees: ['responsavel'] },
    { value: 'Planejada', color: 'blue', assignees: ['responsavel'] },
    { value: 'Em execução', color: 'purple', assignees: ['responsavel'] },
    { value: 'Pausada', color: 'orange', assignees: ['responsavel'] },
    { value: 'Concluída', color: 'green', final: true, editBy: [{ action: 'manage' }] },
    { value: 'Cancelada', color: 'default', final: true, editBy: [] },
  ],
  transitions: [
    { name: 'planejar', label: 'Planejar', from: ['Aberta'], to: 'Planejada', action: 'update', requires: ['dataPrevista', 'responsavel'] },
    {
      name: 'iniciar',
      label: 'Iniciar execução',
      from: ['Aberta', 'Planejada', 'Pausada'],
      to: 'Em execução',
      action: 'update',
      requires: ['responsavel'],
      tone: 'primary',
    },
    { name: 'pausar', label: 'Pausar', from: ['Em execução'], to: 'Pausada', action: 'update', comment: 'required', inbox: false },
    {
      name: 'concluir',
      label: 'Concluir OS',
      from: ['Em execução'],
      to: 'Concluída',
      action: 'update',
      guard: 'checklistsConcluidos',
      set: { dataConclusao: '$today' },
      tone: 'primary',
    },
    {
      name: 'cancelar',
      label: 'Cancelar OS',
      from: ['Aberta', 'Planejada', 'Pausada'],
      to: 'Cancelada',
      action: 'update',
      comment: 'required',
      inbox: false,
      tone: 'danger',
    },
  ],
};

/**
 * The work order's workflow for one area: an order nobody is named for (`responsavel` empty) is
 * held by the area's administrator (docs/access.md decisions 6 and 7: `manage` on the area's orders).
 */
export function osWorkflowOf(adminRole: string): Workflow {
  const open = OS_WORKFLOW.states.filter((s) => !s.final).map((s) => s.value);
  return { ...OS_WORKFLOW, roleInbox: Object.fromEntries(open.map((s) => [s, [adminRole]])) };
}

export const OS_FIELDS: FieldDef[] = [
  {
    name: 'numero',
    kind: 'text',
    label: 'Nº da OS',
    required: true,
    unique: true,
    maxLength: 30,
    list: true,
    sort: true,
    search: true,
    group: 'Identificação',
    span: 'third',
    width: 130,
  },
  obraRef({ required: true, sort: true, span: 'third' }),
  {
    name: 'status',
    kind: 'enum',
    label: 'Situação',
    required: true,
    readOnly: true,
    options: OS_STATUS,
    default: 'Aberta',
    list: true,
    filter: true,
    sort: true,
    group: 'Identificação',
    span: 'third',
  },
  {
    name: 'titulo',
    kind: 'text',
    label: 'Título',
    required: true,
    minLength: 3,
    maxLength: 150,
    list: true,
    search: true,
    group: 'Identificação',
    span: 'full',
  },
  {
    name: 'tipoServico',
    kind: 'enum',
    label: 'Tipo de serviço',
    required: true,
    options: OS_TIPO_SERVICO,
    default: 'Instalação',
    list: true,
    filter: true,
    group: 'Identificação',
    span: 'half',
  },
  {
    name: 'prioridade',
    kind: 'enum',
    label: 'Prioridade',
    required: true,
    options: PRIORIDADE_OPTIONS,
    default: 'Média',
    list: true,
    filter: true,
    sort: true,
    group: 'Identificação',
    span: 'half',
  },
  companyRef('cliente', 'Cliente', EMPRESA_CLIENTE, { group: 'Identificação', span: 'half' }),
  { name: 'solicitante', kind: 'text', label: 'Solicitante', maxLength: 120, group: 'Identificação', span: 'half' },
  longtext('descricao', 'Descrição do serviço', { maxLength: 4000, search: true, group: 'Identificação' }),
  { name: 'responsavel', kind: 'person', label: 'Responsável', list: true, group: 'Equipe', span: 'half' },
  { name: 'equipe', kind: 'tags', label: 'Equipe (e-mails)', maxLength: 254, group: 'Equipe', span: 'half' },
  { name: 'dataAbertura', kind: 'date', label: 'Data de abertura', required: true, list: true, sort: true, group: 'Prazos', span: 'third' },
  { name: 'dataPrevista', kind: 'date', label: 'Data prevista', list: true, sort: true, group: 'Prazos', span: 'third' },
  { name: 'dataConclusao', kind: 'date', label: 'Data de conclusão', readOnly: true, sort: true, group: 'Prazos', span: 'third' },
  { name: 'horasPrevistas', kind: 'decimal', label: 'Horas previstas', scale: 1, min: 0, max: 100_000, group: 'Prazos', span: 'half' },
  {
    name: 'horasRealizadas',
    kind: 'decimal',
    label: 'Horas realizadas',
    scale: 1,
    min: 0,
    max: 100_000,
    readOnly: true,
    group: 'Prazos',
    span: 'half',
    help: 'Somadas a partir dos diários da OS.',
  },
  { name: 'eapCodigos', kind: 'tags', label: 'Itens da EAP', maxLength: 30, group: 'Prazos', help: 'Códigos dos itens da EAP atendidos por esta OS.' },
  attachmentsField('anexos', 'Anexos'),
];
