import { CURRENT_USER, type EntitySchema } from './kinds';
import { attachmentsField, longtext } from './shared/common';

export const TIPOS_DOCUMENTO_JURIDICO = [
  'Petição',
  'Contestação',
  'Procuração',
  'Documentos DP',
  'Documentos SEG',
  'Sentença',
  'Acordo',
  'Comprovante',
  'Outros',
];

/**
 * A document attached to a legal case (/juridico/enviarDocumentos/{tipoDocumento}). Checked
 * against its case (`accessVia: 'processo'`), so the case's responsavelDp / responsavelSeg
 * conditions apply: 'Documentos DP' uploads need upload_dp, 'Documentos SEG' need upload_seg.
 */
export const documentoJuridico: EntitySchema = {
  name: 'documentoJuridico',
  resource: 'documentos-juridicos',
  label: 'Documento jurídico',
  labelPlural: 'Documentos jurídicos',
  gender: 'm',
  subject: 'ProcessoJuridico',
  titleField: 'titulo',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  accessVia: 'processo',
  // Partner law firms `upload` to the cases they conduct (decision 28); the case's responsible
  // persons upload its DP and SEG documents (decision 21); admin_juridico manages everything.
  actions: { create: 'upload' },
  createActionBy: { field: 'tipoDocumento', actions: { 'Documentos DP': 'upload_dp', 'Documentos SEG': 'upload_seg' } },
  defaultSort: { field: 'dataDocumento', order: 'desc' },
  menu: { group: 'Jurídico', icon: 'FilePdfOutlined' },
  fields: [
    {
      name: 'processo',
      kind: 'reference',
      label: 'Processo',
      ref: 'processoJuridico',
      onDelete: 'cascade',
      required: true,
      list: true,
      filter: true,
      group: 'Documento',
      span: 'half',
    },
    // A petition is what a partner law firm sends most ("Enviar documento" of a case); DP / SEG uploads come with their type fixed.
    {
      name: 'tipoDocumento',
      kind: 'enum',
      label: 'Tipo de documento',
      required: true,
      options: TIPOS_DOCUMENTO_JURIDICO,
      default: 'Petição',
      list: true,
      filter: true,
      group: 'Documento',
      span: 'half',
    },
    { name: 'titulo', kind: 'text', label: 'Título', required: true, minLength: 3, maxLength: 200, list: true, search: true, group: 'Documento', span: 'full' },
    { name: 'dataDocumento', kind: 'date', label: 'Data do documento', list: true, sort: true, group: 'Documento', span: 'third' },
    { name: 'enviadoPor', kind: 'person', label: 'Enviado por', default: CURRENT_USER, list: true, group: 'Documento', span: 'half' },
    longtext('descricao', 'Descrição', { maxLength: 2000, group: 'Documento' }),
    attachmentsField('arquivos', 'Arquivos', { required: true, maxFiles: 20 }),
  ],
};
