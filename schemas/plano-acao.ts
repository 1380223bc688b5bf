import type { EntitySchema, Workflow } from './kinds';
import type { SlaDecl } from './sla-types';
import { slaFields } from './shared/sla';
import { attachmentsField, longtext } from './shared/common';
import { EMPRESA_FORNECEDOR } from './empresa';

export const ACAO_STATUS = ['Pendente', 'Em andamento', 'Concluída', 'Cancelada'];

/**
 * SLA (issue 25): an action plan is due on its "Prazo final" (end of that business day) and met when
 * concluded; the SGI administrators are told of a breach.
 */
const planoSla: SlaDecl = {
  reminderPercent: 20,
  escalateTo: { roles: ['admin_sgi'] },
  policies: [
    {
      name: 'Prazo do plano',
      targets: [{ key: 'prazo-plano', label: 'Prazo do plano de ação', kind: 'resolucao', fulfilIn: ['Concluído'], dueField: 'prazo' }],
    },
  ],
};

/**
 * A plan is moved by whoever may edit its record (docs/access.md decision 26); concluding it requires a
 * comment saying how effectiveness was checked, and concluding the last plan finalises the record.
 */
const planoWorkflow: Workflow = {
  field: 'status',
  initial: 'Aberto',
  states: [
    { value: 'Aberto', color: 'default', assignees: ['responsavel'] },
    { value: 'Em execução', color: 'blue', assignees: ['responsavel'] },
    { value: 'Concluído', color: 'green', final: true, editBy: [] },
  ],
  // A plan nobody is named for is the SGI team's (docs/access.md decision 16: `sgi` edits the records).
  roleInbox: { Aberto: ['sgi'], 'Em execução': ['sgi'] },
  transitions: [
    // A supplier updates its rows of a plan, never the plan's situation (decision 29): staff only.
    { name: 'iniciar', label: 'Iniciar execução', from: ['Aberto'], to: 'Em execução', action: 'edit', audience: 'staff', tone: 'primary' },
    {
      name: 'concluir',
      label: 'Concluir plano',
      from: ['Em execução'],
      to: 'Concluído',
      action: 'edit',
      audience: 'staff',
      comment: 'required',
      appendComment: 'observacoes',
      set: { dataVerificacao: '$today' },
      after: 'finalizarRegistroSgi',
      tone: 'primary',
    },
  ],
};

/**
 * Action plan of an SGI record, in 5W2H. Listing actions (/sgi/acoes) is `readAcoes` on TicketSgi,
 * which every staff user has. The record is finalised once all its actions are finished.
 */
export const planoAcao: EntitySchema = {
  name: 'planoAcao',
  resource: 'planos-acao',
  label: 'Plano de ação',
  labelPlural: 'Planos de ação',
  gender: 'm',
  subject: 'TicketSgi',
  titleField: 'titulo',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  defaultSort: { field: 'prazo', order: 'asc' },
  actions: { list: 'readAcoes', show: 'readAcoes', create: 'edit', edit: 'edit' },
  menu: { group: 'SGI', icon: 'CarryOutOutlined' },
  fields: [
    {
      name: 'ticket',
      kind: 'reference',
      label: 'Registro SGI',
      ref: 'ticketSgi',
      onDelete: 'cascade',
      required: true,
      list: true,
      filter: true,
      group: 'Plano',
      span: 'half',
    },
    { name: 'titulo', kind: 'text', label: 'Título', required: true, minLength: 3, maxLength: 150, list: true, search: true, group: 'Plano', span: 'full' },
    { name: 'responsavel', kind: 'person', label: 'Responsável pelo plano', list: true, filter: true, group: 'Plano', span: 'half' },
    {
      name: 'status',
      kind: 'enum',
      label: 'Situação',
      required: true,
      readOnly: true,
      options: ['Aberto', 'Em execução', 'Concluído'],
      default: 'Aberto',
      list: true,
      filter: true,
      sort: true,
      group: 'Plano',
      span: 'third',
    },
    { name: 'prazo', kind: 'date', label: 'Prazo final', list: true, sort: true, group: 'Plano', span: 'third' },
    {
      name: 'acoes',
      kind: 'rows',
      label: 'Ações (5W2H)',
      group: 'Ações',
      span: 'full',
      fields: [
        { name: 'oQue', kind: 'text', label: 'O quê', required: true, maxLength: 300 },
        { name: 'porQue', kind: 'text', label: 'Por quê', maxLength: 300 },
        { name: 'onde', kind: 'text', label: 'Onde', maxLength: 150 },
        { name: 'quando', kind: 'date', label: 'Quando', required: true },
        { name: 'quem', kind: 'text', label: 'Quem (e-mail ou nome)', required: true, maxLength: 254 },
        // docs/access.md decision 29: a supplier reads the plans naming its company here and updates the
        // situation and evidence of these rows (src/server/modules/supplier-rules.ts).
        {
          name: 'fornecedor',
          kind: 'reference',
          label: 'Fornecedor responsável',
          ref: 'empresa',
          refKey: 'cnpj',
          refFilter: { tipo: EMPRESA_FORNECEDOR },
          maxLength: 18,
          help: 'Empresa fornecedora que executa esta ação: ela vê o plano no portal e informa andamento e evidências.',
        },
        { name: 'como', kind: 'text', label: 'Como', maxLength: 500 },
        // The action's cost is the team's business: never sent to a supplier (decision 29).
        { name: 'quanto', kind: 'money', label: 'Quanto', min: 0, max: 1_000_000_000, internal: true },
        { name: 'status', kind: 'enum', label: 'Situação', required: true, options: ACAO_STATUS, default: 'Pendente' },
        { name: 'evidencia', kind: 'text', label: 'Andamento e evidência', maxLength: 1000 },
        { ...attachmentsField('anexos', 'Evidências (arquivos)', { maxFiles: 10 }), group: undefined },
      ],
    },
    { name: 'eficaz', kind: 'boolean', label: 'Ações eficazes', list: true, filter: true, group: 'Eficácia', span: 'third' },
    { name: 'dataVerificacao', kind: 'date', label: 'Data da verificação de eficácia', readOnly: true, sort: true, group: 'Eficácia', span: 'third' },
    // The SGI team's verification notes (the 'concluir' comments land here): internal, never sent to a supplier (decision 29).
    longtext('observacoes', 'Observações', { maxLength: 4000, group: 'Eficácia', internal: true }),
    ...slaFields({ list: false }),
  ],
  workflow: planoWorkflow,
  sla: planoSla,
};
