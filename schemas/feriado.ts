import type { EntitySchema } from './kinds';

/**
 * A holiday an administrator adds to the business calendar (issue 25): a company holiday
 * ('Empresa': the company stops, e.g. Carnaval or a bridge day) or a city holiday ('Cidade': counts
 * when `cidade` is the company's city, set on the calendar screen). The public national holidays
 * come from the `date-holidays` package and are not stored (src/server/sla/holidays.ts). One
 * holiday per date and scope (src/server/modules/entities/feriado.ts).
 */
export const feriado: EntitySchema = {
  name: 'feriado',
  resource: 'feriados',
  label: 'Feriado',
  labelPlural: 'Feriados',
  gender: 'm',
  subject: 'Calendario',
  titleField: 'nome',
  importKey: ['data', 'abrangencia', 'cidade'],
  defaultSort: { field: 'data', order: 'asc' },
  menu: { group: 'Administração', icon: 'CalendarOutlined' },
  fields: [
    { name: 'data', kind: 'date', label: 'Data', required: true, list: true, filter: true, sort: true, span: 'third' },
    {
      name: 'nome',
      kind: 'text',
      label: 'Nome',
      required: true,
      maxLength: 120,
      list: true,
      filter: true,
      sort: true,
      search: true,
      span: 'full',
      placeholder: 'Carnaval, aniversário da cidade…',
    },
    {
      name: 'abrangencia',
      kind: 'enum',
      label: 'Abrangência',
      required: true,
      options: ['Empresa', 'Cidade'],
      default: 'Empresa',
      list: true,
      filter: true,
      sort: true,
      span: 'third',
      help: 'Empresa: vale para todos. Cidade: vale quando a cidade é a da empresa (definida na tela do calendário).',
    },
    {
      name: 'cidade',
      kind: 'text',
      label: 'Cidade',
      maxLength: 120,
      list: true,
      filter: true,
      sort: true,
      search: true,
      span: 'third',
      help: 'Obrigatória quando a abrangência é Cidade.',
    },
  ],
};
