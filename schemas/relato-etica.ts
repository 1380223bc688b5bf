import type { EntitySchema, Workflow } from './kinds';
import { attachmentsField, longtext, obraRef } from './shared/common';

/**
 * Ethics-channel report (docs/access.md decision 27): every staff member files one (also anonymously)
 * and reads only their own; the role `etica` handles them. The reporter's e-mail is set by the
 * server from the signed-in user and is never shown to the handlers of an anonymous report.
 * Anyone, without an account, files one on the public page `/canal-etica` (issue 40, `origem`
 * 'Canal público': no e-mail, and when anonymous nothing about the reporter) and follows it up with
 * the protocol and the password shown once (src/server/ethics/).
 */
const eticaWorkflow: Workflow = {
  field: 'status',
  initial: 'Aberto',
  states: [
    { value: 'Aberto', color: 'gold' },
    { value: 'Em andamento', color: 'blue', assignees: ['responsavel'] },
    { value: 'Finalizada', color: 'green', final: true, editBy: [] },
  ],
  roleInbox: { Aberto: ['etica'] },
  transitions: [
    {
      name: 'iniciar-apuracao',
      label: 'Iniciar apuração',
      from: ['Aberto'],
      to: 'Em andamento',
      action: 'edit',
      set: { responsavel: '$actor' },
      tone: 'primary',
    },
    {
      name: 'finalizar',
      label: 'Finalizar apuração',
      from: ['Em andamento'],
      to: 'Finalizada',
      action: 'edit',
      comment: 'required',
      appendComment: 'parecer',
      set: { dataConclusao: '$today' },
      notify: ['emailRelator'],
      tone: 'primary',
    },
  ],
};

export const relatoEtica: EntitySchema = {
  name: 'relatoEtica',
  resource: 'relatos-etica',
  label: 'Relato de ética',
  labelPlural: 'Canal de ética',
  gender: 'm',
  subject: 'RelatoEtica',
  titleField: 'assunto',
  obraField: 'obra',
  defaultSort: { field: 'dataRelato', order: 'desc' },
  actions: { edit: 'edit' },
  menu: { group: 'SGI', icon: 'FlagOutlined' },
  fields: [
    {
      name: 'protocolo',
      kind: 'text',
      label: 'Protocolo',
      unique: true,
      maxLength: 20,
      readOnly: true,
      list: true,
      sort: true,
      search: true,
      group: 'Relato',
      span: 'third',
    },
    { name: 'dataRelato', kind: 'datetime', label: 'Data do relato', readOnly: true, list: true, sort: true, group: 'Relato', span: 'third' },
    {
      name: 'status',
      kind: 'enum',
      label: 'Situação',
      required: true,
      readOnly: true,
      options: ['Aberto', 'Em andamento', 'Finalizada'],
      default: 'Aberto',
      list: true,
      filter: true,
      sort: true,
      group: 'Relato',
      span: 'third',
    },
    { name: 'anonimo', kind: 'boolean', label: 'Relato anônimo', default: true, list: true, filter: true, group: 'Relato', span: 'third' },
    { name: 'nomeRelator', kind: 'text', label: 'Nome do relator', maxLength: 120, group: 'Relato', span: 'third' },
    { name: 'emailRelator', kind: 'email', label: 'E-mail do relator', maxLength: 254, readOnly: true, group: 'Relato', span: 'third' },
    {
      name: 'origem',
      kind: 'enum',
      label: 'Origem',
      options: ['Colaborador', 'Canal público'],
      default: 'Colaborador',
      readOnly: true,
      list: true,
      filter: true,
      group: 'Relato',
      span: 'third',
    },
    { name: 'contatoRelator', kind: 'text', label: 'Contato do relator', maxLength: 150, readOnly: true, group: 'Relato', span: 'third' },
    {
      name: 'categoria',
      kind: 'enum',
      label: 'Categoria',
      required: true,
      options: [
        'Assédio moral',
        'Assédio sexual',
        'Discriminação',
        'Fraude',
        'Corrupção',
        'Conflito de interesses',
        'Segurança do trabalho',
        'Meio ambiente',
        'Outros',
      ],
      default: 'Outros',
      list: true,
      filter: true,
      group: 'Relato',
      span: 'half',
    },
    { name: 'assunto', kind: 'text', label: 'Assunto', required: true, minLength: 3, maxLength: 150, list: true, search: true, group: 'Relato', span: 'full' },
    obraRef({ label: 'Obra (se aplicável)', list: false, group: 'Relato', span: 'third' }),
    { name: 'dataFato', kind: 'date', label: 'Data do fato', group: 'Relato', span: 'third' },
    { name: 'local', kind: 'text', label: 'Local', maxLength: 150, group: 'Relato', span: 'third' },
    { name: 'envolvidos', kind: 'text', label: 'Pessoas envolvidas', maxLength: 500, group: 'Relato', span: 'full' },
    longtext('descricao', 'Descrição', { required: true, minLength: 10, maxLength: 8000, group: 'Relato' }),
    attachmentsField('evidencias', 'Evidências', { maxFiles: 10 }),
    { name: 'responsavel', kind: 'person', label: 'Responsável pela apuração', personRoles: ['etica'], list: true, group: 'Apuração', span: 'half' },
    longtext('parecer', 'Parecer', { maxLength: 20000, readOnly: true, group: 'Apuração' }),
    { name: 'dataConclusao', kind: 'date', label: 'Data de conclusão', readOnly: true, sort: true, group: 'Apuração', span: 'third' },
  ],
  workflow: eticaWorkflow,
  /** A protocol the reporter can quote, ET-2026-00012: counter per year. */
  numbering: { field: 'protocolo', format: 'ET-{YYYY}-{#####}', on: 'create' },
};
