import type { EntitySchema, Workflow } from './kinds';
import type { SlaDecl } from './sla-types';
import { slaFields } from './shared/sla';
import { attachmentsField, longtext, obraRef } from './shared/common';

export const PROJETO_CATEGORIAS = ['AsBuilt', 'Executivo', 'Referencia', 'Mecânica', 'Elétrica'];
/** Document situations. A client approver may update a document in PAP, APC, AP or PR. */
export const PROJETO_SITUACOES = ['EL', 'VI', 'PAP', 'APC', 'AP', 'PR', 'LC', 'CAN'];

const ALL_OPEN = ['EL', 'VI', 'PAP', 'APC', 'AP', 'PR', 'LC'];
/** Who decided for the client, and when: stamped by the step itself, so a decision taken in bulk ("Minhas pendências") writes the same. */
const DECISION = { decisaoPor: '$actor', decisaoEm: '$now' } as const;
/** An approval also names who approved as the document's "Aprovador do cliente" (issue 36: it stayed empty, only the history knew). */
const APPROVAL = { ...DECISION, aprovadorCliente: '$actor', dataAprovacao: '$today' } as const;

/**
 * Engineering sends a document for the client's approval; the client approver of the document's
 * site (docs/access.md decisions 2, 25, 26) approves, approves with comments or rejects it, and nothing
 * else. A new revision goes back to PAP with the revision number raised.
 */
const projetoWorkflow: Workflow = {
  field: 'Situacao',
  initial: 'EL',
  states: [
    { value: 'EL', label: 'Em elaboração', color: 'default', assignees: ['projetista'] },
    { value: 'VI', label: 'Em verificação interna', color: 'blue', assignees: ['projetista'] },
    { value: 'PAP', label: 'Para aprovação do cliente', color: 'gold', editBy: [{ action: 'manage' }] },
    { value: 'APC', label: 'Aprovado com comentários', color: 'cyan', assignees: ['projetista'] },
    { value: 'AP', label: 'Aprovado', color: 'green', assignees: ['projetista'] },
    { value: 'PR', label: 'Reprovado', color: 'red', assignees: ['projetista'] },
    { value: 'LC', label: 'Liberado para construção', color: 'lime' },
    { value: 'CAN', label: 'Cancelado', color: 'default', final: true, editBy: [] },
  ],
  // A document without its projetista is held by the engineering editors (docs/access.md decision 9:
  // `editor_projetista` creates and updates documents); PAP by the client's approvers.
  roleInbox: {
    EL: ['editor_projetista'],
    VI: ['editor_projetista'],
    PAP: ['aprovador'],
    APC: ['editor_projetista'],
    AP: ['editor_projetista'],
    PR: ['editor_projetista'],
  },
  transitions: [
    { name: 'verificar', label: 'Enviar para verificação interna', from: ['EL'], to: 'VI', action: 'update', audience: 'staff' },
    {
      name: 'enviar-cliente',
      label: 'Enviar para aprovação do cliente',
      from: ['EL', 'VI'],
      to: 'PAP',
      action: 'update',
      audience: 'staff',
      requires: ['arquivos'],
      set: { dataEmissao: '$today', prazoAprovacao: '$today+10', decisaoPor: null, decisaoEm: null, dataAprovacao: null },
      tone: 'primary',
    },
    {
      name: 'aprovar',
      label: 'Aprovar',
      from: ['PAP'],
      to: 'AP',
      action: 'update',
      audience: 'cliente',
      comment: 'optional',
      appendComment: 'comentariosCliente',
      set: APPROVAL,
      notify: ['projetista'],
      notifyAs: 'documento',
      tone: 'primary',
    },
    {
      name: 'aprovar-com-comentarios',
      label: 'Aprovar com comentários',
      from: ['PAP'],
      to: 'APC',
      action: 'update',
      audience: 'cliente',
      comment: 'required',
      appendComment: 'comentariosCliente',
      set: APPROVAL,
      notify: ['projetista'],
      notifyAs: 'documento',
    },
    {
      name: 'reprovar',
      label: 'Reprovar',
      from: ['PAP'],
      to: 'PR',
      action: 'update',
      audience: 'cliente',
      comment: 'required',
      appendComment: 'comentariosCliente',
      set: DECISION,
      notify: ['projetista'],
      notifyAs: 'documento',
      tone: 'danger',
    },
    {
      name: 'comentar',
      label: 'Comentar',
      from: ['PAP', 'APC', 'AP', 'PR'],
      action: 'comment',
      audience: 'cliente',
      comment: 'required',
      appendComment: 'comentariosCliente',
      notify: ['projetista'],
      inbox: false,
    },
    {
      name: 'nova-revisao',
      label: 'Emitir nova revisão',
      from: ['APC', 'PR'],
      to: 'PAP',
      action: 'update',
      audience: 'staff',
      requires: ['arquivos'],
      comment: 'optional',
      set: { revisao: '$nextRevision', dataEmissao: '$today', prazoAprovacao: '$today+10', decisaoPor: null, decisaoEm: null, dataAprovacao: null },
      tone: 'primary',
    },
    { name: 'liberar-construcao', label: 'Liberar para construção', from: ['AP', 'APC'], to: 'LC', action: 'update', audience: 'staff', tone: 'primary' },
    {
      name: 'cancelar',
      label: 'Cancelar documento',
      from: ALL_OPEN,
      to: 'CAN',
      action: 'update',
      audience: 'staff',
      comment: 'required',
      inbox: false,
      tone: 'danger',
    },
  ],
};

/** SLA (issue 25): the client's approval by the document's deadline (`prazoAprovacao`, set when sent). */
const projetoSla: SlaDecl = {
  reminderPercent: 20,
  escalateTo: { roles: ['admin_projetos'] },
  policies: [
    {
      name: 'Aprovação do cliente',
      targets: [{ key: 'aprovacao-cliente', label: 'Aprovação do cliente', kind: 'estado', from: ['PAP'], dueField: 'prazoAprovacao' }],
    },
  ],
};

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
    {
      name: 'codigo',
      kind: 'text',
      label: 'Código do documento',
      required: true,
      unique: true,
      maxLength: 60,
      list: true,
      sort: true,
      search: true,
      group: 'Identificação',
      span: 'half',
    },
    {
      name: 'revisao',
      kind: 'text',
      label: 'Revisão',
      required: true,
      maxLength: 5,
      default: '0',
      list: true,
      group: 'Identificação',
      span: 'third',
      width: 80,
    },
    {
      name: 'titulo',
      kind: 'text',
      label: 'Título',
      required: true,
      minLength: 3,
      maxLength: 200,
      list: true,
      search: true,
      group: 'Identificação',
      span: 'full',
    },
    obraRef({ required: true, sort: true, span: 'half' }),
    {
      name: 'categoria',
      kind: 'enum',
      label: 'Categoria',
      required: true,
      options: PROJETO_CATEGORIAS,
      default: 'Executivo',
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'half',
    },
    {
      name: 'Situacao',
      kind: 'enum',
      label: 'Situação',
      required: true,
      readOnly: true,
      options: PROJETO_SITUACOES,
      default: 'EL',
      list: true,
      filter: true,
      sort: true,
      group: 'Identificação',
      span: 'half',
      help: 'EL: em elaboração · VI: em verificação interna · PAP: para aprovação do cliente · APC: aprovado com comentários · AP: aprovado · PR: reprovado (para revisão) · LC: liberado para construção · CAN: cancelado. O aprovador do cliente pode atualizar documentos em PAP, APC, AP e PR.',
    },
    {
      name: 'disciplina',
      kind: 'enum',
      label: 'Disciplina',
      options: ['Civil', 'Mecânica', 'Elétrica', 'Automação', 'Hidráulica', 'Geral'],
      default: 'Geral',
      filter: true,
      group: 'Identificação',
      span: 'half',
    },
    { name: 'dataEmissao', kind: 'date', label: 'Data de emissão', readOnly: true, list: true, sort: true, group: 'Datas', span: 'third' },
    { name: 'prazoAprovacao', kind: 'date', label: 'Prazo de aprovação', readOnly: true, list: true, sort: true, filter: true, group: 'Datas', span: 'third' },
    { name: 'dataAprovacao', kind: 'date', label: 'Data de aprovação', readOnly: true, group: 'Datas', span: 'third' },
    { name: 'decisaoPor', kind: 'person', label: 'Decisão do cliente por', readOnly: true, group: 'Datas', span: 'third' },
    { name: 'decisaoEm', kind: 'datetime', label: 'Decisão do cliente em', readOnly: true, group: 'Datas', span: 'third' },
    { name: 'projetista', kind: 'person', label: 'Projetista', list: true, group: 'Responsáveis', span: 'half' },
    { name: 'aprovadorCliente', kind: 'person', label: 'Aprovador do cliente', group: 'Responsáveis', span: 'half' },
    attachmentsField('arquivos', 'Arquivos'),
    longtext('comentariosCliente', 'Comentários do cliente', { maxLength: 20000, readOnly: true, group: 'Comentários' }),
    longtext('comentarioInterno', 'Comentário interno', { maxLength: 4000, group: 'Comentários', help: 'Visível apenas à equipe interna.' }),
    { name: 'tags', kind: 'tags', label: 'Etiquetas', maxLength: 40, filter: true, group: 'Comentários' },
    // The CRE deadline is the client's own: its SLA is shown to the client too.
    ...slaFields({ internal: false }),
  ],
  workflow: projetoWorkflow,
  sla: projetoSla,
};
