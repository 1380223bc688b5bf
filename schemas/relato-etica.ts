import type { EntitySchema } from './kinds';
import { attachmentsField, longtext, obraRef } from './shared/common';

/**
 * Ethics-channel report. Subject decision: access.md defines no ethics subject and no new subject
 * is introduced; the channel is run by the integrated management system (compliance) team, so
 * reports are gated by TicketSgi (admin_sgi manages, sgi reads and edits). Note that `readAcoes`
 * on TicketSgi (every staff user) is not `read`, so ordinary staff cannot list reports. Sending a
 * report (possibly anonymous) should go through a dedicated endpoint, not the generic create.
 */
export const relatoEtica: EntitySchema = {
  name: 'relatoEtica',
  resource: 'relatos-etica',
  label: 'Relato de ética',
  labelPlural: 'Canal de ética',
  gender: 'm',
  subject: 'TicketSgi',
  titleField: 'assunto',
  obraField: 'obra',
  defaultSort: { field: 'dataRelato', order: 'desc' },
  actions: { edit: 'edit' },
  menu: { group: 'SGI', icon: 'FlagOutlined' },
  fields: [
    { name: 'protocolo', kind: 'text', label: 'Protocolo', unique: true, maxLength: 20, readOnly: true, list: true, sort: true, search: true, group: 'Relato', span: 'third' },
    { name: 'dataRelato', kind: 'datetime', label: 'Data do relato', required: true, list: true, sort: true, group: 'Relato', span: 'third' },
    { name: 'status', kind: 'enum', label: 'Situação', required: true, options: ['Aberto', 'Em andamento', 'Finalizada'], default: 'Aberto', list: true, filter: true, sort: true, group: 'Relato', span: 'third' },
    { name: 'anonimo', kind: 'boolean', label: 'Relato anônimo', default: true, list: true, filter: true, group: 'Relato', span: 'third' },
    { name: 'nomeRelator', kind: 'text', label: 'Nome do relator', maxLength: 120, group: 'Relato', span: 'third' },
    { name: 'emailRelator', kind: 'email', label: 'E-mail do relator', maxLength: 254, group: 'Relato', span: 'third' },
    { name: 'categoria', kind: 'enum', label: 'Categoria', required: true, options: ['Assédio moral', 'Assédio sexual', 'Discriminação', 'Fraude', 'Corrupção', 'Conflito de interesses', 'Segurança do trabalho', 'Meio ambiente', 'Outros'], default: 'Outros', list: true, filter: true, group: 'Relato', span: 'half' },
    { name: 'assunto', kind: 'text', label: 'Assunto', required: true, minLength: 3, maxLength: 150, list: true, search: true, group: 'Relato', span: 'full' },
    obraRef({ label: 'Obra (se aplicável)', list: false, group: 'Relato', span: 'third' }),
    { name: 'dataFato', kind: 'date', label: 'Data do fato', group: 'Relato', span: 'third' },
    { name: 'local', kind: 'text', label: 'Local', maxLength: 150, group: 'Relato', span: 'third' },
    { name: 'envolvidos', kind: 'text', label: 'Pessoas envolvidas', maxLength: 500, group: 'Relato', span: 'full' },
    longtext('descricao', 'Descrição', { required: true, minLength: 10, maxLength: 8000, group: 'Relato' }),
    attachmentsField('evidencias', 'Evidências', { maxFiles: 10 }),
    { name: 'responsavel', kind: 'person', label: 'Responsável pela apuração', list: true, group: 'Apuração', span: 'half' },
    longtext('parecer', 'Parecer', { maxLength: 8000, group: 'Apuração' }),
    { name: 'dataConclusao', kind: 'date', label: 'Data de conclusão', sort: true, group: 'Apuração', span: 'third' },
  ],
};
