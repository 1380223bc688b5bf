import type { EntitySchema } from './kinds';
import { obraRef } from './shared/common';
import { MATERIAL_DISCIPLINAS } from './shared/material-fields';

/** The disciplines of a plan sheet and of a punch item (the site's responsibility matrix uses the same). */
export const PLANTA_DISCIPLINAS = MATERIAL_DISCIPLINAS;

/**
 * Largest page side a plan sheet may have, in PDF points (1/72 in): 14,400 pt is 5.08 m, the largest
 * page the PDF format itself allows (ISO 32000-1, annex C). A larger page is refused with a 400.
 */
export const PLANTA_MAX_LADO_PT = 14400;

/** Most pages (sheets) one PDF may bring. */
export const PLANTA_MAX_FOLHAS = 500;

/**
 * A sheet of a site's plan set (issue 42): one page of a PDF, sent directly to the site's plans or
 * taken from an engineering document (CRE) marked as a plan. Sheets are created and replaced by the
 * plan routes (src/server/plantas/), which validate the PDF and set the file, page and size; people
 * edit the code, title and discipline. A new revision of the same document (`conjunto`) replaces
 * its sheets in place — same record, new file, page and size — so the pins on them stay, flagged.
 */
export const folhaPlanta: EntitySchema = {
  name: 'folhaPlanta',
  resource: 'plantas',
  label: 'Folha de planta',
  labelPlural: 'Plantas',
  gender: 'f',
  subject: 'Planta',
  titleField: 'titulo',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  obraField: 'obra',
  defaultSort: { field: 'codigo', order: 'asc' },
  menu: { group: 'Obras', icon: 'FilePdfOutlined' },
  messages: { saved: 'Folha de planta salva.' },
  fields: [
    obraRef({ required: true, sort: true, group: 'Folha', span: 'third' }),
    {
      name: 'codigo',
      kind: 'text',
      label: 'Código da folha',
      required: true,
      minLength: 1,
      maxLength: 60,
      list: true,
      sort: true,
      search: true,
      group: 'Folha',
      span: 'third',
      width: 160,
      help: 'Único na obra (ex.: ARQ-101-01).',
    },
    { name: 'titulo', kind: 'text', label: 'Título', required: true, minLength: 2, maxLength: 200, list: true, search: true, group: 'Folha', span: 'full' },
    {
      name: 'disciplina',
      kind: 'enum',
      label: 'Disciplina',
      required: true,
      options: PLANTA_DISCIPLINAS,
      default: 'Geral',
      list: true,
      filter: true,
      sort: true,
      group: 'Folha',
      span: 'third',
    },
    { name: 'revisao', kind: 'text', label: 'Revisão', maxLength: 5, readOnly: true, list: true, group: 'Folha', span: 'third', width: 80 },
    {
      name: 'ativa',
      kind: 'boolean',
      label: 'Vigente',
      default: true,
      readOnly: true,
      list: true,
      filter: true,
      group: 'Folha',
      span: 'third',
      help: 'Não vigente: a folha não consta da última revisão do documento (os pinos dela continuam).',
    },
    { name: 'revisaoAnterior', kind: 'text', label: 'Revisão anterior', maxLength: 5, readOnly: true, group: 'Origem', span: 'third' },
    { name: 'pagina', kind: 'integer', label: 'Página do PDF', min: 1, max: PLANTA_MAX_FOLHAS, readOnly: true, group: 'Origem', span: 'third' },
    { name: 'largura', kind: 'decimal', label: 'Largura (pt)', scale: 2, min: 1, max: PLANTA_MAX_LADO_PT, readOnly: true, group: 'Origem', span: 'third' },
    { name: 'altura', kind: 'decimal', label: 'Altura (pt)', scale: 2, min: 1, max: PLANTA_MAX_LADO_PT, readOnly: true, group: 'Origem', span: 'third' },
    {
      name: 'conjunto',
      kind: 'text',
      label: 'Documento de origem',
      maxLength: 120,
      readOnly: true,
      filter: true,
      group: 'Origem',
      span: 'third',
      help: 'As folhas de um mesmo PDF: uma nova revisão do documento substitui as folhas dele.',
    },
    {
      name: 'projeto',
      kind: 'reference',
      label: 'Documento CRE',
      ref: 'projeto',
      readOnly: true,
      filter: true,
      group: 'Origem',
      span: 'third',
      help: 'O documento de engenharia marcado como planta de onde a folha veio.',
    },
    {
      name: 'arquivo',
      kind: 'attachments',
      label: 'Arquivo PDF',
      accept: ['application/pdf'],
      maxFiles: 1,
      maxSizeMb: 200,
      readOnly: true,
      group: 'Origem',
      span: 'full',
    },
  ],
};
