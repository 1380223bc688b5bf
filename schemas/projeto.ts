import type { EntitySchema } from './kinds';
import { attachmentsField, longtext, obraRef } from './shared/common';

export const PROJETO_CATEGORIAS = ['AsBuilt', 'Executivo', 'Referencia', 'Mecânica', 'Elétrica'];
/** Document situations. A client approver may update a document in PAP, APC, AP or PR. */
export const PROJETO_SITUACOES = ['EL', 'VI', 'PAP', 'APC', 'AP', 'PR', 'LC', 'CAN'];

/** Engineering (CRE) project document, approved or rejected by the client. */
export const projeto: EntitySchema = {
  name: 'projeto',
  resource: 'projetos',
  label: 'Documento de projeto',
  labelPlural: 'Documentos de projeto (CRE)',
  gender: 'm',
  subject: 'PROJETO',
  titleField: 'titulo',
  obraField: 'obra',
  defaultSort: { field: 'codigo', order: 'asc' },
  menu: { group: 'Engenharia (CRE)', icon: 'FileProtectOutlined' },
  fields: [
    { name: 'codigo', kind: 'text', label: 'Código do documento', required: true, unique: true, maxLength: 60, list: true, sort: true, search: true, group: 'Identificação', span: 'half' },
    { name: 'revisao', kind: 'text', label: 'Revisão', required: true, maxLength: 5, default: '0', list: true, group: 'Identificação', span: 'third', width: 80 },
    { name: 'titulo', kind: 'text', label: 'Título', required: true, minLength: 3, maxLength: 200, list: true, search: true, group: 'Identificação', span: 'full' },
    obraRef({ required: true, sort: true, span: 'half' }),
    { name: 'categoria', kind: 'enum', label: 'Categoria', required: true, options: PROJETO_CATEGORIAS, default: 'Executivo', list: true, filter: true, group: 'Identificação', span: 'half' },
    {
      name: 'Situacao', kind: 'enum', label: 'Situação', required: true, options: PROJETO_SITUACOES, default: 'EL', list: true, filter: true, sort: true, group: 'Identificação', span: 'half',
      help: 'EL: em elaboração · VI: em verificação interna · PAP: para aprovação do cliente · APC: aprovado com comentários · AP: aprovado · PR: reprovado (para revisão) · LC: liberado para construção · CAN: cancelado. O aprovador do cliente pode atualizar documentos em PAP, APC, AP e PR.',
    },
    { name: 'disciplina', kind: 'enum', label: 'Disciplina', options: ['Civil', 'Mecânica', 'Elétrica', 'Automação', 'Hidráulica', 'Geral'], default: 'Geral', filter: true, group: 'Identificação', span: 'half' },
    { name: 'dataEmissao', kind: 'date', label: 'Data de emissão', list: true, sort: true, group: 'Datas', span: 'third' },
    { name: 'prazoAprovacao', kind: 'date', label: 'Prazo de aprovação', sort: true, group: 'Datas', span: 'third' },
    { name: 'dataAprovacao', kind: 'date', label: 'Data de aprovação', group: 'Datas', span: 'third' },
    { name: 'projetista', kind: 'person', label: 'Projetista', list: true, group: 'Responsáveis', span: 'half' },
    { name: 'aprovadorCliente', kind: 'person', label: 'Aprovador do cliente', group: 'Responsáveis', span: 'half' },
    attachmentsField('arquivos', 'Arquivos'),
    longtext('comentariosCliente', 'Comentários do cliente', { maxLength: 4000, group: 'Comentários' }),
    longtext('comentarioInterno', 'Comentário interno', { maxLength: 4000, group: 'Comentários', help: 'Visível apenas à equipe interna.' }),
    { name: 'tags', kind: 'tags', label: 'Etiquetas', maxLength: 40, filter: true, group: 'Comentários' },
  ],
};
