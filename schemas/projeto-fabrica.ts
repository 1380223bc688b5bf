import type { EntitySchema } from './kinds';
import { attachmentsField, longtext, obraRef } from './shared/common';

/** A factory project (mechanical or electrical). */
export const projetoFabrica: EntitySchema = {
  name: 'projetoFabrica',
  resource: 'projetos-fabrica',
  label: 'Projeto de fábrica',
  labelPlural: 'Projetos de fábrica',
  gender: 'm',
  subject: 'PROJETO_FABRICA',
  titleField: 'titulo',
  obraField: 'obra',
  defaultSort: { field: 'codigo', order: 'asc' },
  menu: { group: 'Fábrica', icon: 'ProjectOutlined' },
  fields: [
    { name: 'codigo', kind: 'text', label: 'Código do documento', required: true, unique: true, maxLength: 60, list: true, sort: true, search: true, group: 'Identificação', span: 'half' },
    { name: 'revisao', kind: 'text', label: 'Revisão', required: true, maxLength: 5, default: '0', list: true, group: 'Identificação', span: 'third', width: 80 },
    { name: 'titulo', kind: 'text', label: 'Título', required: true, minLength: 3, maxLength: 200, list: true, search: true, group: 'Identificação', span: 'full' },
    { name: 'tipo', kind: 'enum', label: 'Tipo', required: true, options: ['Mecânico', 'Elétrico'], default: 'Mecânico', list: true, filter: true, group: 'Identificação', span: 'third' },
    { name: 'status', kind: 'enum', label: 'Situação', required: true, options: ['Em elaboração', 'Em verificação', 'Aprovado', 'Liberado para fabricação', 'Obsoleto'], default: 'Em elaboração', list: true, filter: true, sort: true, group: 'Identificação', span: 'third' },
    { name: 'fabricacao', kind: 'reference', label: 'Fabricação', ref: 'fabricacao', list: true, filter: true, group: 'Identificação', span: 'half' },
    obraRef({ span: 'half' }),
    { name: 'projetista', kind: 'person', label: 'Projetista', list: true, group: 'Responsáveis', span: 'half' },
    { name: 'verificador', kind: 'person', label: 'Verificador', group: 'Responsáveis', span: 'half' },
    { name: 'clientes', kind: 'tags', label: 'Clientes com acesso (e-mails)', maxLength: 254, group: 'Responsáveis', help: 'Usuários externos adicionados ao projeto.' },
    { name: 'dataEmissao', kind: 'date', label: 'Data de emissão', list: true, sort: true, group: 'Responsáveis', span: 'third' },
    attachmentsField('arquivos', 'Arquivos'),
    longtext('observacoes', 'Observações', { maxLength: 4000, group: 'Anexos' }),
  ],
};
