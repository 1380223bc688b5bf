import type { EntitySchema, Workflow } from './kinds';
import type { SlaDecl } from './sla-types';
import { slaFields } from './shared/sla';
import { EMPRESA_CLIENTE, companyRef } from './empresa';
import { attachmentsField, imagesField, longtext, obraRef } from './shared/common';

export const POSVENDA_STATUS = ['Aberto', 'Em análise', 'Em atendimento', 'Aguardando cliente', 'Concluído', 'Cancelado'];
export const POSVENDA_PRIORIDADE = ['Baixa', 'Média', 'Alta', 'Crítica'];
export const POSVENDA_CATEGORIA = ['Garantia', 'Manutenção', 'Defeito de fabricação', 'Instalação', 'Documentação', 'Comercial', 'Outros'];

const POSVENDA_OPEN = ['Aberto', 'Em análise', 'Em atendimento', 'Aguardando cliente'];

/** A ticket is answered by post-sales; concluding it needs the solution (comment) and stamps the date. */
const posvendaWorkflow: Workflow = {
  field: 'status',
  initial: 'Aberto',
  states: [
    { value: 'Aberto', color: 'gold' },
    { value: 'Em análise', color: 'blue', assignees: ['responsavel'] },
    { value: 'Em atendimento', color: 'purple', assignees: ['responsavel'] },
    { value: 'Aguardando cliente', color: 'orange', assignees: ['responsavel'] },
    { value: 'Concluído', color: 'green', editBy: [] },
    { value: 'Cancelado', color: 'default', final: true, editBy: [] },
  ],
  roleInbox: { Aberto: ['pos_vendas'], 'Em análise': ['pos_vendas'], 'Em atendimento': ['pos_vendas'], 'Aguardando cliente': ['pos_vendas'] },
  transitions: [
    { name: 'analisar', label: 'Iniciar análise', from: ['Aberto'], to: 'Em análise', action: 'edit', tone: 'primary' },
    { name: 'atender', label: 'Iniciar atendimento', from: ['Em análise'], to: 'Em atendimento', action: 'edit', tone: 'primary' },
    {
      name: 'aguardar-cliente',
      label: 'Aguardar o cliente',
      from: ['Em atendimento'],
      to: 'Aguardando cliente',
      action: 'edit',
      comment: 'optional',
      notify: ['emailContato'],
    },
    { name: 'retomar', label: 'Retomar atendimento', from: ['Aguardando cliente'], to: 'Em atendimento', action: 'edit', tone: 'primary' },
    {
      name: 'concluir',
      label: 'Concluir ticket',
      from: ['Em análise', 'Em atendimento', 'Aguardando cliente'],
      to: 'Concluído',
      action: 'edit',
      comment: 'required',
      set: { solucao: '$comment', conclusao: '$now' },
      notify: ['emailContato'],
      after: 'convidarPesquisa',
      tone: 'primary',
    },
    {
      name: 'reabrir',
      label: 'Reabrir ticket',
      from: ['Concluído'],
      to: 'Em atendimento',
      action: 'edit',
      comment: 'required',
      set: { conclusao: null },
      inbox: false,
    },
    { name: 'cancelar', label: 'Cancelar ticket', from: POSVENDA_OPEN, to: 'Cancelado', action: 'edit', comment: 'required', inbox: false, tone: 'danger' },
  ],
};

/**
 * SLA (issue 25): first response (leaving "Aberto") and resolution ("Concluído") in business hours
 * by priority, counted from the opening; the clock stops while waiting for the client.
 */
const posvendaTargets = (resposta: number, resolucao: number): SlaDecl['policies'][number]['targets'] => [
  { key: 'primeira-resposta', label: 'Primeira resposta', kind: 'primeira-resposta', amount: resposta, unit: 'horas' },
  { key: 'resolucao', label: 'Resolução', kind: 'resolucao', fulfilIn: ['Concluído'], amount: resolucao, unit: 'horas' },
];
const posvendaSla: SlaDecl = {
  startField: 'abertura',
  pauseIn: ['Aguardando cliente'],
  reminderPercent: 20,
  escalateTo: { roles: ['admin_pos_vendas'], manager: true },
  policies: [
    { name: 'Prioridade crítica', when: { prioridade: 'Crítica' }, targets: posvendaTargets(2, 8) },
    { name: 'Prioridade alta', when: { prioridade: 'Alta' }, targets: posvendaTargets(4, 16) },
    { name: 'Prioridade média', when: { prioridade: 'Média' }, targets: posvendaTargets(8, 40) },
    { name: 'Prioridade baixa', targets: posvendaTargets(16, 80) },
  ],
};

/** Post-sales ticket. A ticket becomes 'Concluído' when finished; the comment is mandatory. */
export const posvenda: EntitySchema = {
  name: 'posvenda',
  resource: 'posvendas',
  label: 'Ticket de pós-venda',
  labelPlural: 'Tickets de pós-venda',
  gender: 'm',
  subject: 'POSVENDAS',
  titleField: 'titulo',
  obraField: 'obra',
  defaultSort: { field: 'abertura', order: 'desc' },
  actions: { edit: 'edit' },
  menu: { group: 'Pós-venda', icon: 'CustomerServiceOutlined' },
  fields: [
    {
      name: 'codigo',
      kind: 'integer',
      label: 'Nº do ticket',
      min: 1,
      readOnly: true,
      list: true,
      sort: true,
      group: 'Abertura',
      span: 'third',
      width: 100,
      help: 'Numeração sequencial atribuída na abertura.',
    },
    { name: 'titulo', kind: 'text', label: 'Título', required: true, minLength: 3, maxLength: 150, list: true, search: true, group: 'Abertura', span: 'full' },
    companyRef('cliente', 'Cliente', EMPRESA_CLIENTE, { required: true, list: true, filter: true, group: 'Abertura', span: 'half' }),
    obraRef({ group: 'Abertura', span: 'half' }),
    { name: 'contato', kind: 'text', label: 'Contato do cliente', maxLength: 120, search: 'B', group: 'Abertura', span: 'third' },
    { name: 'emailContato', kind: 'email', label: 'E-mail do contato', maxLength: 254, group: 'Abertura', span: 'third' },
    { name: 'telefoneContato', kind: 'text', label: 'Telefone do contato', maxLength: 20, group: 'Abertura', span: 'third' },
    { name: 'abertura', kind: 'datetime', label: 'Abertura', required: true, list: true, sort: true, filter: true, group: 'Abertura', span: 'third' },
    {
      name: 'canal',
      kind: 'enum',
      label: 'Canal',
      options: ['E-mail', 'Telefone', 'WhatsApp', 'Portal', 'Visita técnica'],
      default: 'E-mail',
      filter: true,
      group: 'Abertura',
      span: 'third',
    },
    {
      name: 'prioridade',
      kind: 'enum',
      label: 'Prioridade',
      required: true,
      options: POSVENDA_PRIORIDADE,
      default: 'Média',
      list: true,
      filter: true,
      sort: true,
      group: 'Abertura',
      span: 'third',
    },
    {
      name: 'status',
      kind: 'enum',
      label: 'Situação',
      required: true,
      readOnly: true,
      options: POSVENDA_STATUS,
      default: 'Aberto',
      list: true,
      filter: true,
      sort: true,
      group: 'Abertura',
      span: 'third',
    },
    {
      name: 'categoria',
      kind: 'enum',
      label: 'Categoria',
      required: true,
      options: POSVENDA_CATEGORIA,
      default: 'Garantia',
      list: true,
      filter: true,
      group: 'Classificação',
      span: 'half',
    },
    {
      name: 'macroCategoriaCausaRaiz',
      kind: 'enum',
      label: 'Macrocategoria da causa raiz',
      internal: true,
      options: ['Indefinida', 'Projeto', 'Fabricação', 'Montagem', 'Fornecedor', 'Operação pelo cliente', 'Desgaste natural'],
      default: 'Indefinida',
      filter: true,
      group: 'Classificação',
      span: 'half',
    },
    {
      name: 'areaCausadora',
      kind: 'enum',
      label: 'Área causadora',
      internal: true,
      options: ['Não identificada', 'Engenharia', 'Fábrica', 'Obras', 'Suprimentos', 'Comercial', 'Terceiro', 'Cliente'],
      default: 'Não identificada',
      filter: true,
      group: 'Classificação',
      span: 'half',
    },
    { name: 'setorCausador', kind: 'text', label: 'Setor causador', internal: true, maxLength: 100, filter: true, group: 'Classificação', span: 'half' },
    longtext('descricao', 'Descrição', { required: true, minLength: 5, maxLength: 4000, search: true, group: 'Descrição' }),
    // Decision 29: the team's registration note and the root-cause analysis are internal (never sent to the client).
    longtext('comentario', 'Comentário interno', {
      required: true,
      minLength: 2,
      maxLength: 4000,
      group: 'Descrição',
      internal: true,
      search: 'D',
      help: 'Campo obrigatório. Visível somente para a equipe interna; o cliente não vê este campo.',
    }),
    {
      name: 'responsavel',
      kind: 'person',
      label: 'Responsável',
      personRoles: ['pos_vendas', 'admin_pos_vendas'],
      list: true,
      filter: true,
      search: 'B',
      group: 'Atendimento',
      span: 'half',
    },
    { name: 'prazo', kind: 'date', label: 'Prazo', sort: true, group: 'Atendimento', span: 'third' },
    { name: 'conclusao', kind: 'datetime', label: 'Concluído em', readOnly: true, sort: true, group: 'Atendimento', span: 'third' },
    longtext('solucao', 'Solução aplicada', { maxLength: 4000, readOnly: true, group: 'Atendimento' }),
    imagesField('fotos', 'Fotos'),
    attachmentsField('anexos', 'Anexos'),
    ...slaFields(),
  ],
  workflow: posvendaWorkflow,
  sla: posvendaSla,
  /** Tickets are numbered when opened: one counter for all. */
  numbering: { field: 'codigo', format: '{#}', on: 'create' },
  related: [
    {
      entity: 'ticketInteracao',
      via: 'ticket',
      label: 'Interações',
      display: 'timeline',
      // A staff answer is for the client unless unticked (an internal note: untick "Visível ao cliente").
      formDefaults: { visivelCliente: true },
      // The date, "Responsável" and "Registrado por" start as now and the person answering.
      formFields: ['texto', 'visivelCliente', 'tipo', 'anexos', 'respostaA'],
      // docs/access.md decision 30: by whoever may edit the ticket and by its site's clients, never on a closed ticket.
      addBy: {
        parentAction: 'edit',
        clients: true,
        clientVisible: 'visivelCliente',
        // A client writes the text, its attachments and what it answers; the rest is set for it.
        clientFields: ['texto', 'anexos', 'respostaA'],
        clientSets: { tipo: 'Comentário', data: '$now', responsavel: '$actor', responsavelRegistro: '$actor' },
        // The client's answer ends "Aguardando cliente": the ticket is back in service (the SLA clock runs again).
        clientReplyTakes: 'retomar',
        closedIn: ['Concluído', 'Cancelado'],
        refusal: 'Só quem atende o ticket (ou um cliente da obra do ticket) registra interações nele.',
        closedRefusal: 'Este ticket está concluído ou cancelado e não recebe novas interações. Um ticket concluído pode ser reaberto ("Reabrir ticket").',
      },
    },
    { entity: 'custoPosvenda', via: 'ticket', label: 'Custos', sum: ['valor'] },
    { entity: 'pesquisaSatisfacao', via: 'ticket', label: 'Pesquisa de satisfação' },
  ],
};
