import type { EntitySchema } from './kinds';
import { attachmentsField, imagesField, longtext, obraRef } from './shared/common';

export const POSVENDA_STATUS = ['Aberto', 'Em análise', 'Em atendimento', 'Aguardando cliente', 'Concluído', 'Cancelado'];
export const POSVENDA_PRIORIDADE = ['Baixa', 'Média', 'Alta', 'Crítica'];

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
    { name: 'codigo', kind: 'integer', label: 'Nº do ticket', min: 1, readOnly: true, list: true, sort: true, group: 'Abertura', span: 'third', width: 100, help: 'Numeração sequencial atribuída na abertura.' },
    { name: 'titulo', kind: 'text', label: 'Título', required: true, minLength: 3, maxLength: 150, list: true, search: true, group: 'Abertura', span: 'full' },
    { name: 'cliente', kind: 'text', label: 'Cliente', required: true, minLength: 2, maxLength: 150, list: true, filter: true, sort: true, search: true, group: 'Abertura', span: 'half' },
    obraRef({ group: 'Abertura', span: 'half' }),
    { name: 'contato', kind: 'text', label: 'Contato do cliente', maxLength: 120, group: 'Abertura', span: 'third' },
    { name: 'emailContato', kind: 'email', label: 'E-mail do contato', maxLength: 254, group: 'Abertura', span: 'third' },
    { name: 'telefoneContato', kind: 'text', label: 'Telefone do contato', maxLength: 20, group: 'Abertura', span: 'third' },
    { name: 'abertura', kind: 'datetime', label: 'Abertura', required: true, list: true, sort: true, filter: true, group: 'Abertura', span: 'third' },
    { name: 'canal', kind: 'enum', label: 'Canal', options: ['E-mail', 'Telefone', 'WhatsApp', 'Portal', 'Visita técnica'], default: 'E-mail', filter: true, group: 'Abertura', span: 'third' },
    { name: 'prioridade', kind: 'enum', label: 'Prioridade', required: true, options: POSVENDA_PRIORIDADE, default: 'Média', list: true, filter: true, sort: true, group: 'Abertura', span: 'third' },
    { name: 'status', kind: 'enum', label: 'Situação', required: true, options: POSVENDA_STATUS, default: 'Aberto', list: true, filter: true, sort: true, group: 'Abertura', span: 'third' },
    { name: 'categoria', kind: 'enum', label: 'Categoria', required: true, options: ['Garantia', 'Manutenção', 'Defeito de fabricação', 'Instalação', 'Documentação', 'Comercial', 'Outros'], default: 'Garantia', list: true, filter: true, group: 'Classificação', span: 'half' },
    { name: 'macroCategoriaCausaRaiz', kind: 'enum', label: 'Macrocategoria da causa raiz', options: ['Indefinida', 'Projeto', 'Fabricação', 'Montagem', 'Fornecedor', 'Operação pelo cliente', 'Desgaste natural'], default: 'Indefinida', filter: true, group: 'Classificação', span: 'half' },
    { name: 'areaCausadora', kind: 'enum', label: 'Área causadora', options: ['Não identificada', 'Engenharia', 'Fábrica', 'Obras', 'Suprimentos', 'Comercial', 'Terceiro', 'Cliente'], default: 'Não identificada', filter: true, group: 'Classificação', span: 'half' },
    { name: 'setorCausador', kind: 'text', label: 'Setor causador', maxLength: 100, filter: true, group: 'Classificação', span: 'half' },
    longtext('descricao', 'Descrição', { required: true, minLength: 5, maxLength: 4000, search: true, group: 'Descrição' }),
    longtext('comentario', 'Comentário', { required: true, minLength: 2, maxLength: 4000, group: 'Descrição', help: 'Campo obrigatório.' }),
    { name: 'responsavel', kind: 'person', label: 'Responsável', list: true, filter: true, group: 'Atendimento', span: 'half' },
    { name: 'prazo', kind: 'date', label: 'Prazo', sort: true, group: 'Atendimento', span: 'third' },
    { name: 'conclusao', kind: 'datetime', label: 'Concluído em', sort: true, group: 'Atendimento', span: 'third' },
    longtext('solucao', 'Solução aplicada', { maxLength: 4000, group: 'Atendimento' }),
    imagesField('fotos', 'Fotos'),
    attachmentsField('anexos', 'Anexos'),
  ],
};
