import type { EntitySchema, Workflow } from './kinds';
import type { SlaDecl } from './sla-types';
import { slaFields } from './shared/sla';
import { attachmentsField, longtext, obraRef } from './shared/common';
import { EMPRESA_CLIENTE, EMPRESA_FORNECEDOR, companyRef } from './empresa';

/** Contract statuses, exactly as docs/access.md (who may edit in each is in the access rules; decision 26 adds Cancelado). */
export const CONTRATO_STATUS = [
  'Revisão',
  'Emitido para o Jurídico',
  'Revisão para cancelamento',
  'Emitido para o verificador',
  'Em finalização',
  'Aprovado',
  'Cancelado',
];

/**
 * docs/access.md decision 26: moving a contract forward is the `edit` right of whoever holds the
 * current status (decision 8 says who, in which status).
 */
const contratoWorkflow: Workflow = {
  field: 'status',
  initial: 'Revisão',
  states: [
    { value: 'Revisão', color: 'blue', assignees: ['responsavel'] },
    { value: 'Emitido para o Jurídico', color: 'gold', assignees: ['gestor'] },
    { value: 'Revisão para cancelamento', color: 'orange', assignees: ['gestor'] },
    { value: 'Emitido para o verificador', color: 'purple', assignees: ['validador'] },
    { value: 'Em finalização', color: 'cyan', assignees: ['validador'] },
    { value: 'Aprovado', color: 'green' },
    { value: 'Cancelado', color: 'red', final: true, editBy: [] },
  ],
  transitions: [
    {
      name: 'emitir-juridico',
      label: 'Emitir para o Jurídico',
      from: ['Revisão'],
      to: 'Emitido para o Jurídico',
      action: 'edit',
      requires: ['arquivos'],
      tone: 'primary',
    },
    {
      name: 'emitir-verificador',
      label: 'Emitir para o verificador',
      from: ['Emitido para o Jurídico'],
      to: 'Emitido para o verificador',
      action: 'edit',
      tone: 'primary',
    },
    { name: 'finalizar', label: 'Iniciar finalização', from: ['Emitido para o verificador'], to: 'Em finalização', action: 'edit', tone: 'primary' },
    {
      name: 'aprovar',
      label: 'Aprovar contrato',
      from: ['Em finalização'],
      to: 'Aprovado',
      action: 'edit',
      set: { dataAprovacao: '$today' },
      reasonWhenPast: { field: 'vigenciaFim', notice: 'A vigência deste contrato terminou em {data}. Para aprovar mesmo assim, informe o motivo.' },
      notify: ['responsavel', 'gestor'],
      tone: 'primary',
    },
    {
      name: 'devolver',
      label: 'Devolver para revisão',
      from: ['Emitido para o Jurídico', 'Emitido para o verificador', 'Em finalização'],
      to: 'Revisão',
      action: 'edit',
      comment: 'required',
      inbox: false,
    },
    {
      name: 'solicitar-cancelamento',
      label: 'Enviar para revisão de cancelamento',
      from: ['Emitido para o Jurídico', 'Aprovado'],
      to: 'Revisão para cancelamento',
      action: 'read',
      by: ['gestor'],
      comment: 'required',
      inbox: false,
      tone: 'danger',
    },
    {
      name: 'cancelar',
      label: 'Cancelar contrato',
      from: ['Revisão para cancelamento'],
      to: 'Cancelado',
      action: 'edit',
      comment: 'required',
      notify: ['responsavel', 'validador'],
      tone: 'danger',
    },
    { name: 'retomar', label: 'Retornar para revisão', from: ['Revisão para cancelamento'], to: 'Revisão', action: 'edit', comment: 'required' },
  ],
  // The manager's stage (Jurídico) and the validator's (verificação, finalização) are two people's (issue 36).
  distinctHolders: [['gestor', 'validador']],
};

/** SLA (issue 25): business days per stage of the contract's review. */
const contratoSla: SlaDecl = {
  reminderPercent: 20,
  escalateTo: { roles: ['admin_contratos'] },
  policies: [
    {
      name: 'Etapas do contrato',
      targets: [
        { key: 'revisao', label: 'Revisão', kind: 'estado', from: ['Revisão'], amount: 5, unit: 'dias' },
        { key: 'juridico', label: 'Jurídico', kind: 'estado', from: ['Emitido para o Jurídico'], amount: 5, unit: 'dias' },
        { key: 'verificador', label: 'Verificação', kind: 'estado', from: ['Emitido para o verificador'], amount: 3, unit: 'dias' },
        { key: 'finalizacao', label: 'Finalização', kind: 'estado', from: ['Em finalização'], amount: 3, unit: 'dias' },
      ],
    },
  ],
};

/** A contract. docs/access.md: `responsavel.mail`, `gestor.mail`, `validador.mail` and `status`. */
export const contrato: EntitySchema = {
  name: 'contrato',
  resource: 'contratos',
  label: 'Contrato',
  labelPlural: 'Contratos',
  gender: 'm',
  subject: 'Contratos',
  titleField: 'numero',
  obraField: 'obra',
  defaultSort: { field: 'numero', order: 'desc' },
  actions: { edit: 'edit' },
  menu: { group: 'Contratos e materiais', icon: 'SolutionOutlined' },
  fields: [
    {
      name: 'numero',
      kind: 'text',
      label: 'Nº do contrato',
      required: true,
      unique: true,
      maxLength: 40,
      list: true,
      sort: true,
      search: true,
      group: 'Identificação',
      span: 'third',
      width: 140,
    },
    {
      name: 'status',
      kind: 'enum',
      label: 'Situação',
      required: true,
      readOnly: true,
      options: CONTRATO_STATUS,
      default: 'Revisão',
      list: true,
      filter: true,
      sort: true,
      group: 'Identificação',
      span: 'third',
    },
    {
      name: 'tipo',
      kind: 'enum',
      label: 'Tipo',
      required: true,
      options: ['Fornecimento', 'Prestação de serviços', 'Subempreitada', 'Locação', 'Venda'],
      default: 'Fornecimento',
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'third',
    },
    companyRef('contraparte', 'Fornecedor / cliente', [EMPRESA_FORNECEDOR, EMPRESA_CLIENTE], {
      required: true,
      search: 'B', // its CNPJ, and the company's name for the staff (src/server/search)
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'half',
      help: 'Empresa cadastrada em Empresas, do tipo Fornecedor ou Cliente.',
    }),
    // Derived from the counterparty company (companyCnpjOf): an old payload that still sends it is ignored.
    {
      name: 'cnpj',
      kind: 'text',
      label: 'CNPJ',
      maxLength: 18,
      readOnly: true,
      search: true,
      group: 'Identificação',
      span: 'half',
      help: 'O CNPJ da empresa escolhida.',
    },
    obraRef({ span: 'half' }),
    longtext('objeto', 'Objeto', { required: true, minLength: 5, maxLength: 4000, search: true, group: 'Identificação' }),
    { name: 'valor', kind: 'money', label: 'Valor', min: 0, max: 10_000_000_000, list: true, sort: true, group: 'Valores e vigência', span: 'third' },
    { name: 'dataAssinatura', kind: 'date', label: 'Data de assinatura', sort: true, group: 'Valores e vigência', span: 'third' },
    { name: 'vigenciaInicio', kind: 'date', label: 'Início da vigência', list: true, sort: true, group: 'Valores e vigência', span: 'third' },
    { name: 'dataAprovacao', kind: 'date', label: 'Data de aprovação', readOnly: true, sort: true, group: 'Valores e vigência', span: 'third' },
    { name: 'vigenciaFim', kind: 'date', label: 'Fim da vigência', list: true, sort: true, group: 'Valores e vigência', span: 'third' },
    { name: 'responsavel', kind: 'person', label: 'Responsável', required: true, list: true, filter: true, group: 'Responsáveis', span: 'third' },
    { name: 'gestor', kind: 'person', label: 'Gestor', required: true, filter: true, group: 'Responsáveis', span: 'third' },
    { name: 'validador', kind: 'person', label: 'Validador', required: true, filter: true, group: 'Responsáveis', span: 'third' },
    attachmentsField('arquivos', 'Arquivos do contrato'),
    longtext('observacoes', 'Observações', { maxLength: 4000, group: 'Anexos' }),
    ...slaFields({ list: false }),
  ],
  workflow: contratoWorkflow,
  sla: contratoSla,
  related: [{ entity: 'produtoContrato', via: 'contrato', label: 'Produtos do contrato', sum: ['valorTotal'] }],
};
