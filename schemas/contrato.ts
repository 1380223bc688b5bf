import type { EntitySchema } from './kinds';
import { attachmentsField, longtext, obraRef } from './shared/common';

/** Contract statuses, exactly as access.md (who may edit in each is in the access rules). */
export const CONTRATO_STATUS = [
  'Revisão', 'Emitido para o Jurídico', 'Revisão para cancelamento', 'Emitido para o verificador', 'Em finalização', 'Aprovado',
];

/** A contract. access.md: `responsavel.mail`, `gestor.mail`, `validador.mail` and `status`. */
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
    { name: 'numero', kind: 'text', label: 'Nº do contrato', required: true, unique: true, maxLength: 40, list: true, sort: true, search: true, group: 'Identificação', span: 'third', width: 140 },
    { name: 'status', kind: 'enum', label: 'Situação', required: true, options: CONTRATO_STATUS, default: 'Revisão', list: true, filter: true, sort: true, group: 'Identificação', span: 'third' },
    { name: 'tipo', kind: 'enum', label: 'Tipo', required: true, options: ['Fornecimento', 'Prestação de serviços', 'Subempreitada', 'Locação', 'Venda'], default: 'Fornecimento', list: true, filter: true, group: 'Identificação', span: 'third' },
    { name: 'contraparte', kind: 'text', label: 'Fornecedor / cliente', required: true, minLength: 2, maxLength: 150, list: true, filter: true, sort: true, search: true, group: 'Identificação', span: 'half' },
    { name: 'cnpj', kind: 'text', label: 'CNPJ', maxLength: 18, placeholder: '00.000.000/0000-00', search: true, group: 'Identificação', span: 'half' },
    obraRef({ span: 'half' }),
    longtext('objeto', 'Objeto', { required: true, minLength: 5, maxLength: 4000, search: true, group: 'Identificação' }),
    { name: 'valor', kind: 'money', label: 'Valor', min: 0, max: 10_000_000_000, list: true, sort: true, group: 'Valores e vigência', span: 'third' },
    { name: 'dataAssinatura', kind: 'date', label: 'Data de assinatura', sort: true, group: 'Valores e vigência', span: 'third' },
    { name: 'vigenciaInicio', kind: 'date', label: 'Início da vigência', list: true, sort: true, group: 'Valores e vigência', span: 'third' },
    { name: 'vigenciaFim', kind: 'date', label: 'Fim da vigência', list: true, sort: true, group: 'Valores e vigência', span: 'third' },
    { name: 'responsavel', kind: 'person', label: 'Responsável', required: true, list: true, filter: true, group: 'Responsáveis', span: 'third' },
    { name: 'gestor', kind: 'person', label: 'Gestor', required: true, filter: true, group: 'Responsáveis', span: 'third' },
    { name: 'validador', kind: 'person', label: 'Validador', required: true, filter: true, group: 'Responsáveis', span: 'third' },
    attachmentsField('arquivos', 'Arquivos do contrato'),
    longtext('observacoes', 'Observações', { maxLength: 4000, group: 'Anexos' }),
  ],
};
