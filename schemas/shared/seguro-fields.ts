/**
 * Insurance policies and endorsements. Engineering-risk insurance (/seguros, subject SEGUROS) and
 * full-operation insurance (/seguros/perfeito, subject SEGUROS_PLENO) are gated by different
 * subjects, so each has its own schema; the field lists are shared here.
 */
import type { FieldDef } from '../kinds';
import { attachmentsField, longtext, obraRef } from './common';
import { EMPRESA_CORRETORA, EMPRESA_SEGURADORA, companyRef } from './company-ref';

export const APOLICE_STATUS = ['Em cotação', 'Vigente', 'Vencida', 'Cancelada', 'Renovada'];
/** How close a policy in force is to its end (server-set daily, src/server/insurance): the list's "a vencer" filter. */
export const VENCIMENTO_OPTIONS = ['Vencida', 'A vencer em até 7 dias', 'A vencer em até 30 dias', 'A vencer em até 60 dias', 'Em dia'];
/** The endorsement's workflow states (schemas/shared/endosso-workflow.ts). */
export const ENDOSSO_SITUACOES = ['Rascunho', 'Emitido', 'Cancelado'];
export const ENDOSSO_TIPOS = [
  'Inclusão de cobertura',
  'Exclusão de cobertura',
  'Prorrogação de vigência',
  'Alteração de importância segurada',
  'Alteração cadastral',
  'Cancelamento',
];

const COBERTURA_FIELDS: FieldDef[] = [
  { name: 'cobertura', kind: 'text', label: 'Cobertura', required: true, maxLength: 150 },
  { name: 'limite', kind: 'money', label: 'Limite máximo de indenização', min: 0, max: 100_000_000_000 },
  { name: 'franquia', kind: 'text', label: 'Franquia / POS', maxLength: 150 },
];

const EM_VIGOR = 'Em vigor (com os endossos emitidos)';

/**
 * The policy as contracted (the fields above, edited by people) and the policy in force: the
 * contracted values plus the issued endorsements in order, set by the server
 * (src/server/insurance/in-force.ts) whenever the policy or one of its endorsements changes.
 */
const IN_FORCE_FIELDS: FieldDef[] = [
  {
    name: 'fimVigenciaAtual',
    kind: 'date',
    label: 'Fim da vigência em vigor',
    readOnly: true,
    list: true,
    sort: true,
    filter: true,
    group: EM_VIGOR,
    span: 'third',
  },
  {
    name: 'vencimento',
    kind: 'enum',
    label: 'Vencimento',
    options: VENCIMENTO_OPTIONS,
    default: 'Em dia',
    readOnly: true,
    list: true,
    filter: true,
    group: EM_VIGOR,
    span: 'third',
    help: 'Calculado todos os dias a partir do fim da vigência em vigor, para apólices vigentes ou vencidas.',
  },
  { name: 'importanciaSeguradaAtual', kind: 'money', label: 'Importância segurada em vigor', readOnly: true, sort: true, group: EM_VIGOR, span: 'third' },
  { name: 'premioTotal', kind: 'money', label: 'Prêmio total (com endossos)', readOnly: true, sort: true, group: EM_VIGOR, span: 'third' },
  { name: 'coberturasAtuais', kind: 'rows', label: 'Coberturas em vigor', readOnly: true, group: EM_VIGOR, span: 'full', fields: COBERTURA_FIELDS },
];

const APOLICE_FIELDS: FieldDef[] = [
  {
    name: 'numeroApolice',
    kind: 'text',
    label: 'Nº da apólice',
    required: true,
    unique: true,
    maxLength: 40,
    list: true,
    sort: true,
    search: true,
    group: 'Apólice',
    span: 'third',
  },
  obraRef({ required: true, sort: true, group: 'Apólice', span: 'third' }),
  {
    name: 'status',
    kind: 'enum',
    label: 'Situação',
    required: true,
    options: APOLICE_STATUS,
    default: 'Em cotação',
    list: true,
    filter: true,
    sort: true,
    group: 'Apólice',
    span: 'third',
  },
  companyRef('seguradora', 'Seguradora', EMPRESA_SEGURADORA, { required: true, list: true, filter: true, group: 'Apólice', span: 'half' }),
  companyRef('corretora', 'Corretora', EMPRESA_CORRETORA, { filter: true, group: 'Apólice', span: 'half' }),
  { name: 'segurado', kind: 'text', label: 'Segurado', maxLength: 150, search: true, group: 'Apólice', span: 'half' },
  { name: 'responsavel', kind: 'person', label: 'Responsável interno', group: 'Apólice', span: 'half' },
  longtext('objeto', 'Objeto do seguro', { maxLength: 4000, group: 'Apólice' }),
  { name: 'inicioVigencia', kind: 'date', label: 'Início da vigência', required: true, list: true, sort: true, group: 'Vigência e valores', span: 'third' },
  {
    name: 'fimVigencia',
    kind: 'date',
    label: 'Fim da vigência',
    required: true,
    sort: true,
    filter: true,
    group: 'Vigência e valores',
    span: 'third',
  },
  {
    name: 'importanciaSegurada',
    kind: 'money',
    label: 'Importância segurada',
    required: true,
    min: 0,
    max: 100_000_000_000,
    list: true,
    sort: true,
    group: 'Vigência e valores',
    span: 'third',
  },
  { name: 'premio', kind: 'money', label: 'Prêmio', min: 0, max: 1_000_000_000, sort: true, group: 'Vigência e valores', span: 'third' },
  { name: 'franquia', kind: 'money', label: 'Franquia', min: 0, max: 1_000_000_000, group: 'Vigência e valores', span: 'third' },
  {
    name: 'coberturas',
    kind: 'rows',
    label: 'Coberturas',
    group: 'Coberturas',
    span: 'full',
    fields: COBERTURA_FIELDS,
  },
  attachmentsField('documentos', 'Apólice e documentos'),
  longtext('observacoes', 'Observações', { maxLength: 4000, group: 'Anexos' }),
];

/** Endorsement fields; `apoliceRef` is the policy schema of the same kind. */
export function endossoFields(apoliceRef: string): FieldDef[] {
  return [
    {
      name: 'apolice',
      kind: 'reference',
      label: 'Apólice',
      ref: apoliceRef,
      onDelete: 'cascade',
      required: true,
      list: true,
      filter: true,
      group: 'Endosso',
      span: 'half',
    },
    {
      name: 'situacao',
      kind: 'enum',
      label: 'Situação',
      required: true,
      readOnly: true,
      options: ENDOSSO_SITUACOES,
      default: 'Rascunho',
      list: true,
      filter: true,
      sort: true,
      group: 'Endosso',
      span: 'half',
    },
    {
      name: 'numero',
      kind: 'text',
      label: 'Nº do endosso',
      required: true,
      maxLength: 40,
      list: true,
      sort: true,
      search: true,
      group: 'Endosso',
      span: 'half',
    },
    {
      name: 'tipo',
      kind: 'enum',
      label: 'Tipo',
      required: true,
      options: ENDOSSO_TIPOS,
      default: 'Prorrogação de vigência',
      list: true,
      filter: true,
      group: 'Endosso',
      span: 'half',
    },
    { name: 'dataEmissao', kind: 'date', label: 'Data de emissão', required: true, list: true, sort: true, group: 'Endosso', span: 'third' },
    {
      name: 'inicioVigencia',
      kind: 'date',
      label: 'Início da vigência',
      group: 'Endosso',
      span: 'third',
      help: 'Data a partir da qual o endosso vale (sem ela, a data de emissão); deve estar dentro da vigência da apólice.',
    },
    { name: 'fimVigencia', kind: 'date', label: 'Novo fim da vigência', group: 'Endosso', span: 'third' },
    { name: 'importanciaSegurada', kind: 'money', label: 'Nova importância segurada', min: 0, max: 100_000_000_000, group: 'Endosso', span: 'half' },
    {
      name: 'premioAdicional',
      kind: 'money',
      label: 'Prêmio adicional (negativo = restituição)',
      min: -1_000_000_000,
      max: 1_000_000_000,
      list: true,
      group: 'Endosso',
      span: 'half',
    },
    {
      name: 'coberturas',
      kind: 'rows',
      label: 'Coberturas incluídas, alteradas ou excluídas',
      group: 'Endosso',
      span: 'full',
      help: 'Uma cobertura de mesmo nome da apólice é substituída; num endosso de exclusão de cobertura, as coberturas listadas saem da apólice.',
      fields: COBERTURA_FIELDS,
    },
    longtext('descricao', 'Descrição', { required: true, minLength: 5, maxLength: 4000, search: true, group: 'Endosso' }),
    attachmentsField('documentos', 'Documentos', { maxFiles: 10 }),
  ];
}

/**
 * The fields of a policy of schema `self`: the contracted policy, the previous policy it renews
 * ("Renovar" prefills the new one from it through `copies`) and the policy in force.
 */
export function apoliceFields(self: string): FieldDef[] {
  const anterior: FieldDef = {
    name: 'apoliceAnterior',
    kind: 'reference',
    label: 'Apólice anterior (renovação)',
    ref: self,
    group: 'Apólice',
    span: 'half',
    help: 'A apólice que esta renova. Ao escolher, os dados da apólice em vigor são copiados para os campos vazios.',
    copies: {
      obra: 'obra',
      seguradora: 'seguradora',
      corretora: 'corretora',
      segurado: 'segurado',
      responsavel: 'responsavel',
      objeto: 'objeto',
      inicioVigencia: 'fimVigenciaAtual',
      importanciaSegurada: 'importanciaSeguradaAtual',
      franquia: 'franquia',
      coberturas: 'coberturasAtuais',
    },
  };
  return [...APOLICE_FIELDS.slice(0, 7), anterior, ...APOLICE_FIELDS.slice(7), ...IN_FORCE_FIELDS];
}
