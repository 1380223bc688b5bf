/**
 * Insurance policies and endorsements. Engineering-risk insurance (/seguros, subject SEGUROS) and
 * full-operation insurance (/seguros/perfeito, subject SEGUROS_PLENO) are gated by different
 * subjects, so each has its own schema; the field lists are shared here.
 */
import type { FieldDef } from '../kinds';
import { attachmentsField, longtext, obraRef } from './common';
import { EMPRESA_CORRETORA, EMPRESA_SEGURADORA, companyRef } from '../empresa';

export const APOLICE_STATUS = ['Em cotação', 'Vigente', 'Vencida', 'Cancelada', 'Renovada'];
export const ENDOSSO_TIPOS = [
  'Inclusão de cobertura',
  'Exclusão de cobertura',
  'Prorrogação de vigência',
  'Alteração de importância segurada',
  'Alteração cadastral',
  'Cancelamento',
];

export const APOLICE_FIELDS: FieldDef[] = [
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
    list: true,
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
    fields: [
      { name: 'cobertura', kind: 'text', label: 'Cobertura', required: true, maxLength: 150 },
      { name: 'limite', kind: 'money', label: 'Limite máximo de indenização', min: 0, max: 100_000_000_000 },
      { name: 'franquia', kind: 'text', label: 'Franquia / POS', maxLength: 150 },
    ],
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
    { name: 'inicioVigencia', kind: 'date', label: 'Início da vigência', group: 'Endosso', span: 'third' },
    { name: 'fimVigencia', kind: 'date', label: 'Fim da vigência', group: 'Endosso', span: 'third' },
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
    longtext('descricao', 'Descrição', { required: true, minLength: 5, maxLength: 4000, search: true, group: 'Endosso' }),
    attachmentsField('documentos', 'Documentos', { maxFiles: 10 }),
  ];
}
