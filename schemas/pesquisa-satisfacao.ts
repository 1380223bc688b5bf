import type { EntitySchema } from './kinds';
import { EMPRESA_CLIENTE, companyRef } from './empresa';
import { longtext, obraRef } from './shared/common';
import { POSVENDA_CATEGORIA } from './posvenda';

/**
 * Post-sales satisfaction survey: 1–5 scores and a 0–10 NPS answer. Answered by the client through
 * the single-use link e-mailed when a ticket is concluded (src/server/pesquisa-satisfacao), or typed in by staff;
 * either way the ticket gives its site, client and category (`copies`), so the satisfaction
 * dashboard groups by the ticket's category without a join.
 */
export const pesquisaSatisfacao: EntitySchema = {
  name: 'pesquisaSatisfacao',
  resource: 'pesquisas-satisfacao',
  label: 'Pesquisa de satisfação',
  labelPlural: 'Pesquisas de satisfação',
  gender: 'f',
  subject: 'POSVENDAS',
  titleField: 'cliente',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  obraField: 'obra',
  defaultSort: { field: 'data', order: 'desc' },
  actions: { edit: 'edit' },
  menu: { group: 'Pós-venda', icon: 'SmileOutlined' },
  fields: [
    {
      name: 'ticket',
      kind: 'reference',
      label: 'Ticket',
      ref: 'posvenda',
      onDelete: 'cascade',
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'half',
      copies: { obra: 'obra', cliente: 'cliente', categoria: 'categoria' },
    },
    obraRef({ span: 'half' }),
    companyRef('cliente', 'Cliente', EMPRESA_CLIENTE, { required: true, list: true, filter: true, group: 'Identificação', span: 'half' }),
    { name: 'respondente', kind: 'text', label: 'Respondente', maxLength: 120, search: true, group: 'Identificação', span: 'half' },
    {
      name: 'categoria',
      kind: 'enum',
      label: 'Categoria do ticket',
      options: POSVENDA_CATEGORIA,
      default: 'Outros',
      filter: true,
      group: 'Identificação',
      span: 'third',
    },
    { name: 'data', kind: 'date', label: 'Data da resposta', required: true, list: true, sort: true, filter: true, group: 'Identificação', span: 'third' },
    {
      name: 'notaAtendimento',
      kind: 'integer',
      label: 'Atendimento (1 a 5)',
      required: true,
      min: 1,
      max: 5,
      list: true,
      sort: true,
      group: 'Notas',
      span: 'third',
    },
    { name: 'notaPrazo', kind: 'integer', label: 'Prazo (1 a 5)', required: true, min: 1, max: 5, list: true, group: 'Notas', span: 'third' },
    {
      name: 'notaQualidade',
      kind: 'integer',
      label: 'Qualidade da solução (1 a 5)',
      required: true,
      min: 1,
      max: 5,
      list: true,
      group: 'Notas',
      span: 'third',
    },
    { name: 'notaComunicacao', kind: 'integer', label: 'Comunicação (1 a 5)', min: 1, max: 5, group: 'Notas', span: 'third' },
    {
      name: 'nps',
      kind: 'integer',
      label: 'Recomendaria a empresa? (0 a 10)',
      required: true,
      min: 0,
      max: 10,
      list: true,
      sort: true,
      filter: true,
      group: 'Notas',
      span: 'third',
      help: 'Net Promoter Score: 9–10 promotor, 7–8 neutro, 0–6 detrator.',
    },
    longtext('comentario', 'Comentário', { maxLength: 4000, search: true, group: 'Comentário' }),
  ],
};
