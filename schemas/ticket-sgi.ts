import { CURRENT_USER, type EntitySchema, type Workflow } from './kinds';
import type { SlaDecl } from './sla-types';
import { slaFields } from './shared/sla';
import { attachmentsField, imagesField, longtext, obraRef } from './shared/common';
import { EMPRESA_CLIENTE, EMPRESA_FORNECEDOR } from './empresa';

export const SGI_AREAS = ['Qualidade', 'Meio Ambiente', 'Segurança', 'Auditoria'];
export const SGI_TIPOS = ['Desvio', 'RNC', 'Oportunidade de melhoria', 'Reclamação de cliente', 'Incidente', 'Acidente', 'Constatação de auditoria'];
export const SGI_SEVERIDADES = ['Baixa', 'Média', 'Alta', 'Crítica'];
/** Record statuses, exactly as the spec. A record receives its sequential `codigo` when it goes EM ANDAMENTO. */
export const SGI_STATUS = ['RASCUNHO', 'TRIAGEM', 'EM ANDAMENTO', 'FINALIZADO'];

/**
 * docs/access.md decision 26: any staff member opens a record (RASCUNHO) and submits their own to
 * TRIAGEM; `sgi` accepts it (`aceitaInteracao`), which assigns the gap-free code of its area and
 * year; the record is finalised in the same transaction in which its last action plan is
 * concluded (or by `sgi` once every plan is concluded).
 */
const sgiWorkflow: Workflow = {
  field: 'status',
  initial: 'RASCUNHO',
  states: [
    { value: 'RASCUNHO', label: 'Rascunho', color: 'default', assignees: ['relator'], draft: true },
    { value: 'TRIAGEM', label: 'Triagem', color: 'gold' },
    { value: 'EM ANDAMENTO', label: 'Em andamento', color: 'blue', assignees: ['responsavel'] },
    { value: 'FINALIZADO', label: 'Finalizado', color: 'green', final: true, editBy: [] },
  ],
  // A draft nobody reports (relator emptied) is the SGI team's; the treatment is held by the
  // person named when the record is accepted (asked for in the dialog).
  roleInbox: { RASCUNHO: ['sgi'], TRIAGEM: ['sgi'] },
  transitions: [
    { name: 'enviar-triagem', label: 'Enviar para triagem', from: ['RASCUNHO'], to: 'TRIAGEM', action: 'edit', tone: 'primary' },
    {
      name: 'aceitar',
      label: 'Aceitar e iniciar tratativa',
      from: ['TRIAGEM'],
      to: 'EM ANDAMENTO',
      action: 'aceitaInteracao',
      comment: 'optional',
      assignsNumber: true,
      asks: ['responsavel'],
      notify: ['relator', 'responsavel'],
      tone: 'primary',
    },
    { name: 'devolver', label: 'Devolver ao relator', from: ['TRIAGEM'], to: 'RASCUNHO', action: 'aceitaInteracao', comment: 'required', inbox: false },
    {
      name: 'finalizar',
      label: 'Finalizar registro',
      from: ['EM ANDAMENTO'],
      to: 'FINALIZADO',
      action: 'edit',
      requires: ['causaRaiz', 'verificacaoEficacia'],
      guard: 'planosConcluidos',
      set: { dataFinalizacao: '$today' },
      notify: ['relator'],
      tone: 'primary',
    },
  ],
};

/** Code prefix of each area in the sequential code (QUA-2026-0007). */
export const SGI_AREA_PREFIX: Record<string, string> = { Qualidade: 'QUA', 'Meio Ambiente': 'MAM', Segurança: 'SEG', Auditoria: 'AUD' };

/** SLA (issue 25): triage and treatment, in business days per stage. */
const sgiSla: SlaDecl = {
  reminderPercent: 20,
  escalateTo: { roles: ['admin_sgi'] },
  policies: [
    {
      name: 'Registro SGI',
      targets: [
        { key: 'triagem', label: 'Triagem', kind: 'estado', from: ['TRIAGEM'], amount: 2, unit: 'dias' },
        { key: 'tratativa', label: 'Tratativa', kind: 'estado', from: ['EM ANDAMENTO'], fulfilIn: ['FINALIZADO'], amount: 20, unit: 'dias' },
      ],
    },
  ],
};

/** SGI record (deviation, non-conformity, improvement opportunity…) of quality, environment, safety or audit. */
export const ticketSgi: EntitySchema = {
  name: 'ticketSgi',
  resource: 'tickets-sgi',
  offline: true,
  label: 'Registro SGI',
  labelPlural: 'Registros SGI',
  gender: 'm',
  subject: 'TicketSgi',
  titleField: 'titulo',
  obraField: 'obra',
  defaultSort: { field: 'dataOcorrencia', order: 'desc' },
  actions: { edit: 'edit' },
  menu: { group: 'SGI', icon: 'AlertOutlined' },
  fields: [
    {
      name: 'codigo',
      kind: 'text',
      label: 'Código',
      maxLength: 20,
      unique: true,
      readOnly: true,
      search: true,
      list: true,
      sort: true,
      group: 'Registro',
      span: 'third',
      width: 130,
      help: 'Código sequencial da área e do ano (ex.: QUA-2026-0007), atribuído quando o registro é aceito.',
    },
    {
      name: 'status',
      kind: 'enum',
      label: 'Situação',
      required: true,
      readOnly: true,
      options: SGI_STATUS,
      default: 'RASCUNHO',
      list: true,
      filter: true,
      sort: true,
      group: 'Registro',
      span: 'third',
    },
    {
      name: 'area',
      kind: 'enum',
      label: 'Área',
      required: true,
      options: SGI_AREAS,
      default: 'Qualidade',
      list: true,
      filter: true,
      group: 'Registro',
      span: 'third',
    },
    {
      name: 'tipo',
      kind: 'enum',
      label: 'Tipo',
      required: true,
      options: SGI_TIPOS,
      default: 'Desvio',
      list: true,
      filter: true,
      // Searched, so that "RNC 2025-0003" puts the non-conformity before AUD-2025-0003 (src/server/search/query.ts).
      search: true,
      group: 'Registro',
      span: 'third',
    },
    {
      name: 'severidade',
      kind: 'enum',
      label: 'Severidade',
      required: true,
      options: SGI_SEVERIDADES,
      default: 'Baixa',
      list: true,
      filter: true,
      sort: true,
      group: 'Registro',
      span: 'third',
    },
    {
      name: 'origem',
      kind: 'enum',
      label: 'Origem',
      required: true,
      options: ['Inspeção interna', 'Auditoria interna', 'Auditoria externa', 'Cliente', 'Fornecedor', 'Colaborador', 'Órgão fiscalizador'],
      default: 'Inspeção interna',
      filter: true,
      group: 'Registro',
      span: 'third',
    },
    { name: 'titulo', kind: 'text', label: 'Título', required: true, minLength: 3, maxLength: 150, list: true, search: true, group: 'Registro', span: 'full' },
    obraRef({ group: 'Registro', span: 'third' }),
    {
      name: 'dataOcorrencia',
      kind: 'date',
      label: 'Data da ocorrência',
      required: true,
      list: true,
      sort: true,
      filter: true,
      group: 'Registro',
      span: 'third',
    },
    { name: 'local', kind: 'text', label: 'Local', maxLength: 150, group: 'Registro', span: 'third' },
    {
      name: 'fornecedor',
      kind: 'reference',
      label: 'Fornecedor envolvido',
      ref: 'empresa',
      refKey: 'cnpj',
      refFilter: { tipo: EMPRESA_FORNECEDOR },
      maxLength: 18,
      filter: true,
      group: 'Registro',
      span: 'half',
    },
    {
      name: 'cliente',
      kind: 'reference',
      label: 'Cliente envolvido',
      ref: 'empresa',
      refKey: 'cnpj',
      refFilter: { tipo: EMPRESA_CLIENTE },
      maxLength: 18,
      filter: true,
      group: 'Registro',
      span: 'half',
    },
    longtext('descricao', 'Descrição', { required: true, minLength: 5, maxLength: 4000, search: true, group: 'Registro' }),
    { name: 'relator', kind: 'person', label: 'Relator', default: CURRENT_USER, filter: true, group: 'Tratativa', span: 'half' },
    {
      name: 'responsavel',
      kind: 'person',
      label: 'Responsável pela tratativa',
      personRoles: ['sgi', 'admin_sgi'],
      list: true,
      filter: true,
      group: 'Tratativa',
      span: 'half',
      help: 'Quem conduz a tratativa: escolhido ao aceitar o registro.',
    },
    longtext('acaoImediata', 'Ação imediata (contenção)', { maxLength: 4000, group: 'Tratativa' }),
    {
      name: 'metodoAnalise',
      kind: 'enum',
      label: 'Método de análise',
      options: ['Não aplicável', '5 Porquês', 'Ishikawa', 'Árvore de causas'],
      default: 'Não aplicável',
      group: 'Tratativa',
      span: 'half',
    },
    longtext('causaRaiz', 'Causa raiz', { maxLength: 4000, group: 'Tratativa' }),
    // docs/access.md decision 29: the SGI team's notes never reach the supplier (nor any external user).
    longtext('comentarioInterno', 'Comentário interno da equipe SGI', {
      maxLength: 4000,
      group: 'Tratativa',
      internal: true,
      search: 'D',
      help: 'Visível somente para a equipe interna; o fornecedor não vê este campo.',
    }),
    { name: 'prazo', kind: 'date', label: 'Prazo', sort: true, group: 'Tratativa', span: 'third' },
    longtext('verificacaoEficacia', 'Verificação de eficácia', { maxLength: 4000, group: 'Encerramento' }),
    { name: 'dataFinalizacao', kind: 'date', label: 'Data de finalização', readOnly: true, sort: true, group: 'Encerramento', span: 'third' },
    {
      name: 'checklistField',
      kind: 'reference',
      label: 'Checklist de origem (Field)',
      ref: 'checklistPreenchidoField',
      readOnly: true,
      group: 'Registro',
      span: 'third',
      help: 'Aberto por uma não conformidade neste checklist.',
    },
    {
      name: 'checklistAutomacao',
      kind: 'reference',
      label: 'Checklist de origem (Automação)',
      ref: 'checklistPreenchidoAutomacao',
      readOnly: true,
      group: 'Registro',
      span: 'third',
      help: 'Aberto por uma não conformidade neste checklist.',
    },
    { name: 'checklistItem', kind: 'integer', label: 'Item do checklist', min: 1, max: 999, readOnly: true, group: 'Registro', span: 'third' },
    {
      name: 'rit',
      kind: 'reference',
      label: 'RIT de origem',
      ref: 'rit',
      readOnly: true,
      group: 'Registro',
      span: 'third',
      help: 'Aberto por uma constatação deste relatório de inspeção técnica.',
    },
    { name: 'ritConstatacao', kind: 'integer', label: 'Constatação do RIT', min: 1, max: 200, readOnly: true, group: 'Registro', span: 'third' },
    imagesField('evidencias', 'Evidências (fotos)'),
    attachmentsField('anexos', 'Anexos'),
    ...slaFields(),
  ],
  workflow: sgiWorkflow,
  sla: sgiSla,
  /** QUA-2026-0007: area prefix, year of acceptance, counter per prefix and year (assigned by "aceitar"). */
  numbering: {
    field: 'codigo',
    format: '{area:prefixo}-{YYYY}-{####}',
    codes: { prefixo: { values: SGI_AREA_PREFIX, firstLetters: 3, empty: 'GER' } },
    on: 'transition',
  },
  related: [
    { entity: 'planoAcao', via: 'ticket', label: 'Planos de ação' },
    // The supplier's answers to this record (decision 29): the supplier sends them from the record's page.
    { entity: 'portalFornecedor', via: 'ticket', label: 'Respostas do fornecedor' },
  ],
};
