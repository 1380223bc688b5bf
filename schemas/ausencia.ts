import type { EntitySchema } from './kinds';
import { CURRENT_USER } from './kinds';
import { longtext } from './shared/common';

/**
 * An absence ("Ausência", issue 25): during [inicio, fim] the substitute sees and acts on the items
 * that name the absent person, recorded "por Fulano, em nome de Beltrano". The API gives the
 * substitute `emNomeDe` (src/server/delegation/absences.ts); the checks that keep an absence
 * workable (dates, overlap, staff only, a substitute who can do the work) are in
 * src/server/modules/entities/ausencia.ts (docs/access.md decision 31).
 */
export const ausencia: EntitySchema = {
  name: 'ausencia',
  resource: 'ausencias',
  label: 'Ausência',
  labelPlural: 'Ausências',
  gender: 'f',
  subject: 'Ausencia',
  titleField: 'motivo',
  importKey: ['pessoa', 'inicio'],
  defaultSort: { field: 'inicio', order: 'desc' },
  menu: { group: 'Usuário', icon: 'CalendarOutlined' },
  fields: [
    {
      name: 'pessoa',
      kind: 'person',
      label: 'Pessoa ausente',
      required: true,
      default: CURRENT_USER,
      list: true,
      filter: true,
      sort: true,
      group: 'Ausência',
      span: 'half',
      help: 'Quem estará ausente. Colaboradores registram as próprias ausências.',
    },
    {
      name: 'substituto',
      kind: 'person',
      label: 'Substituto',
      required: true,
      list: true,
      filter: true,
      sort: true,
      group: 'Ausência',
      span: 'half',
      help: 'Quem age em nome da pessoa ausente durante o período. Precisa ter os perfis com que ela atua nos fluxos.',
    },
    { name: 'inicio', kind: 'date', label: 'Início', required: true, list: true, filter: true, sort: true, group: 'Período', span: 'third' },
    { name: 'fim', kind: 'date', label: 'Fim', required: true, list: true, filter: true, sort: true, group: 'Período', span: 'third' },
    longtext('motivo', 'Motivo', { maxLength: 500, search: true, group: 'Período', placeholder: 'Férias, viagem, licença…' }),
  ],
};
