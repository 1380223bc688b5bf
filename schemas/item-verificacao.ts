import { CURRENT_USER, type EntitySchema, type Workflow } from './kinds';
import type { SlaDecl, SlaPolicy } from './sla-types';
import { slaFields } from './shared/sla';
import { PRIORIDADE_OPTIONS, imagesField, longtext, obraRef } from './shared/common';
import { EMPRESA_FORNECEDOR, companyRef } from './empresa';
import { PLANTA_DISCIPLINAS } from './folha-planta';

export const ITEM_VERIFICACAO_STATUS = ['Aberto', 'Em correção', 'Para verificação', 'Fechado', 'Reaberto'];
/** The states in which the responsible company still has to correct the item. */
export const ITEM_VERIFICACAO_A_CORRIGIR = ['Aberto', 'Em correção', 'Reaberto'];

/** Business days the responsible company has to correct an item, by priority (the SLA's target, changeable at run time). */
export const ITEM_VERIFICACAO_DIAS: Record<string, number> = { Urgente: 2, Alta: 5, Média: 10, Baixa: 20 };

/**
 * The punch list's process (docs/access.md decision 38). The responsible company's people (or the
 * site team) start the correction and answer "corrigido" with a photo; the site manager named as
 * verifier closes the item or reopens it with the reason. While the company has nobody named, the
 * site managers hold the item (to name the person).
 */
const itemWorkflow: Workflow = {
  field: 'status',
  initial: 'Aberto',
  states: [
    { value: 'Aberto', color: 'red', assignees: ['responsavel'] },
    { value: 'Em correção', color: 'gold', assignees: ['responsavel'] },
    { value: 'Para verificação', color: 'blue', assignees: ['verificador'] },
    { value: 'Fechado', color: 'green', editBy: [] },
    { value: 'Reaberto', color: 'volcano', assignees: ['responsavel'] },
  ],
  roleInbox: { Aberto: ['site_manager'], 'Em correção': ['site_manager'], Reaberto: ['site_manager'] },
  deleteIn: ['Aberto'],
  deleteRefusal: 'Só um item ainda aberto pode ser excluído; depois disso ele fica no histórico da obra.',
  transitions: [
    { name: 'iniciar-correcao', label: 'Iniciar correção', from: ['Aberto', 'Reaberto'], to: 'Em correção', action: 'Interagir' },
    {
      name: 'corrigido',
      label: 'Corrigido: enviar para verificação',
      from: ITEM_VERIFICACAO_A_CORRIGIR,
      to: 'Para verificação',
      action: 'Interagir',
      asks: ['fotosCorrecao'],
      comment: 'optional',
      commentLabel: 'O que foi feito',
      set: { corrigidoEm: '$now', corrigidoPor: '$actor' },
      after: 'itemVerificacaoFotos',
      tone: 'primary',
    },
    {
      name: 'verificar',
      label: 'Verificar e fechar',
      from: ['Para verificação'],
      to: 'Fechado',
      action: 'update',
      audience: 'staff',
      comment: 'optional',
      set: { fechadoEm: '$now' },
      notify: ['responsavel'],
      tone: 'primary',
    },
    {
      name: 'reabrir',
      label: 'Reabrir',
      from: ['Para verificação', 'Fechado'],
      to: 'Reaberto',
      action: 'update',
      audience: 'staff',
      comment: 'required',
      commentLabel: 'Motivo da reabertura',
      set: { fechadoEm: null },
      notify: ['responsavel'],
      inbox: false,
      tone: 'danger',
    },
  ],
};

const policy = (prioridade: string): SlaPolicy => ({
  name: `Prioridade ${prioridade.toLowerCase()}`,
  when: { prioridade },
  targets: [
    {
      key: 'correcao',
      label: 'Correção',
      kind: 'resolucao',
      fulfilIn: ['Para verificação', 'Fechado'],
      amount: ITEM_VERIFICACAO_DIAS[prioridade],
      unit: 'dias',
    },
    { key: 'verificacao', label: 'Verificação', kind: 'estado', from: ['Para verificação'], amount: 2, unit: 'dias' },
    // The date agreed with the company, when there is one (a target without the date measures nothing).
    { key: 'prazo-combinado', label: 'Prazo combinado', kind: 'resolucao', fulfilIn: ['Para verificação', 'Fechado'], dueField: 'prazo' },
  ],
});

/** SLA: the correction in business days by priority, the site manager's verification in 2. */
const itemSla: SlaDecl = {
  reminderPercent: 20,
  escalateTo: { roles: ['admin_obra'], manager: true },
  policies: ['Urgente', 'Alta', 'Média', 'Baixa'].map(policy),
};

/**
 * A punch-list item ("Item de verificação", issue 42): something to fix before handover, found on
 * site, located on a plan sheet (`folha` and the point `x`, `y` as fractions of its width and
 * height from the top left) or by its area, assigned to a registered supplier or subcontractor.
 * Numbered per site. Partners see the items of their company (docs/access.md decision 38). A finding
 * of a technical inspection report opens one ("Abrir item de verificação", schemas/rit.ts), named in
 * `rit` and `ritConstatacao`.
 */
export const itemVerificacao: EntitySchema = {
  name: 'itemVerificacao',
  resource: 'itens-verificacao',
  offline: true,
  label: 'Item de verificação',
  labelPlural: 'Itens de verificação',
  gender: 'm',
  subject: 'ItemVerificacao',
  titleField: 'descricao',
  obraField: 'obra',
  defaultSort: { field: 'numero', order: 'desc' },
  menu: { group: 'Obras', icon: 'CheckSquareOutlined' },
  fields: [
    {
      name: 'numero',
      kind: 'integer',
      label: 'Nº',
      readOnly: true,
      list: true,
      sort: true,
      filter: true,
      search: 'A',
      group: 'Item',
      span: 'third',
      width: 70,
      help: 'Sequencial por obra, atribuído ao criar.',
    },
    {
      name: 'status',
      kind: 'enum',
      label: 'Situação',
      required: true,
      readOnly: true,
      options: ITEM_VERIFICACAO_STATUS,
      default: 'Aberto',
      list: true,
      filter: true,
      sort: true,
      group: 'Item',
      span: 'third',
    },
    obraRef({ required: true, sort: true, group: 'Item', span: 'third' }),
    {
      name: 'descricao',
      kind: 'text',
      label: 'Descrição',
      required: true,
      minLength: 3,
      maxLength: 200,
      list: true,
      search: true,
      group: 'Item',
      span: 'full',
    },
    {
      name: 'disciplina',
      kind: 'enum',
      label: 'Disciplina',
      required: true,
      options: PLANTA_DISCIPLINAS,
      default: 'Geral',
      list: true,
      filter: true,
      group: 'Item',
      span: 'third',
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
      group: 'Item',
      span: 'third',
      help: 'Define o prazo de correção: urgente 2, alta 5, média 10, baixa 20 dias úteis.',
    },
    {
      name: 'prazo',
      kind: 'date',
      label: 'Prazo combinado',
      sort: true,
      filter: true,
      group: 'Item',
      span: 'third',
      help: 'Opcional: a data acertada com a empresa.',
    },
    companyRef('empresaResponsavel', 'Empresa responsável', EMPRESA_FORNECEDOR, {
      required: true,
      list: true,
      filter: true,
      group: 'Responsáveis',
      span: 'half',
      help: 'Fornecedor ou subempreiteiro cadastrado em Empresas.',
    }),
    {
      name: 'responsavel',
      kind: 'person',
      label: 'Responsável na empresa',
      personRoles: ['fornecedor'],
      filter: true,
      group: 'Responsáveis',
      span: 'half',
      help: 'Uma pessoa da empresa responsável com acesso ao portal; sem ela, o item fica com os site managers.',
    },
    {
      name: 'verificador',
      kind: 'person',
      label: 'Verificador',
      matrixRole: 'siteManager',
      personRoles: ['site_manager', 'site_manager_substituto'],
      personOfSite: true,
      required: true,
      default: CURRENT_USER,
      filter: true,
      group: 'Responsáveis',
      span: 'half',
      help: 'Quem da obra verifica a correção e fecha o item.',
    },
    {
      name: 'folha',
      kind: 'reference',
      label: 'Folha da planta',
      ref: 'folhaPlanta',
      filter: true,
      group: 'Localização',
      span: 'half',
    },
    { name: 'local', kind: 'text', label: 'Local / ambiente', maxLength: 150, search: true, list: true, group: 'Localização', span: 'half' },
    {
      name: 'x',
      kind: 'decimal',
      label: 'Posição horizontal na folha',
      scale: 4,
      min: 0,
      max: 1,
      group: 'Localização',
      span: 'third',
      help: 'De 0 (esquerda) a 1 (direita).',
    },
    {
      name: 'y',
      kind: 'decimal',
      label: 'Posição vertical na folha',
      scale: 4,
      min: 0,
      max: 1,
      group: 'Localização',
      span: 'third',
      help: 'De 0 (topo) a 1 (base).',
    },
    {
      name: 'revisaoMudou',
      kind: 'boolean',
      label: 'Revisão da planta mudou',
      readOnly: true,
      filter: true,
      group: 'Localização',
      span: 'third',
      help: 'A folha recebeu uma nova revisão: confirme a posição do pino.',
    },
    { name: 'revisaoAnterior', kind: 'text', label: 'Revisão anterior da folha', maxLength: 5, readOnly: true, group: 'Localização', span: 'third' },
    imagesField('fotos', 'Fotos'),
    {
      name: 'rit',
      kind: 'reference',
      label: 'RIT de origem',
      ref: 'rit',
      readOnly: true,
      group: 'Origem',
      span: 'half',
      help: 'Aberto por uma constatação deste relatório de inspeção técnica.',
    },
    { name: 'ritConstatacao', kind: 'integer', label: 'Constatação do RIT', min: 1, max: 200, readOnly: true, group: 'Origem', span: 'half' },
    // Answered by the company when it reports the fix (the step asks for them), not when the item is opened.
    imagesField('fotosCorrecao', 'Fotos da correção', { maxFiles: 20, onCreate: false }),
    { name: 'corrigidoEm', kind: 'datetime', label: 'Corrigido em', readOnly: true, group: 'Correção', span: 'third' },
    { name: 'corrigidoPor', kind: 'person', label: 'Corrigido por', readOnly: true, group: 'Correção', span: 'third' },
    { name: 'fechadoEm', kind: 'datetime', label: 'Fechado em', readOnly: true, sort: true, group: 'Correção', span: 'third' },
    // docs/access.md decision 29: the site team's notes never reach the company nor the client.
    longtext('observacaoInterna', 'Observação interna', {
      maxLength: 4000,
      internal: true,
      search: 'D',
      group: 'Correção',
      help: 'Visível somente para a equipe interna; a empresa responsável e o cliente não veem este campo.',
    }),
    // The site's switch "o cliente lê a lista de verificação" (obra.verificacaoCliente), kept on each item by the server.
    { name: 'visivelCliente', kind: 'boolean', label: 'Visível ao cliente', readOnly: true, hidden: true, internal: true },
    // The deadline is the company's own: partners see it (not internal).
    ...slaFields({ internal: false }),
  ],
  workflow: itemWorkflow,
  sla: itemSla,
  numbering: { field: 'numero', format: '{#}', per: ['obra'], on: 'create' },
};
