/**
 * The punch-list report of a site as a PDF (issue 42), with the portal's report page
 * (src/server/rdo/pdf.ts): a header with the site, the filters, when it was generated and the counts
 * by state; then one block per item — number and description, state, priority, discipline, company,
 * responsible person, due date, place, the crop of its sheet around the pin (or "Planta
 * indisponível"), up to four photos and its history. Loaded lazily (pdfmake and its fonts).
 */
import type { Content } from 'pdfmake/interfaces';
import { ITEM_VERIFICACAO_STATUS } from '../../../schemas/item-verificacao';
import { formatDateTimeBr } from '../time';
import type { Db } from '../db/connect';
import type { Actor } from '../crud/record-access';
import type { FileStorage } from '../storage/storage';
import { downscale, formatDateBr, pdfBytes, reportDocument, table } from '../rdo/pdf';
import { loadReportData, REPORT_MAX_ITEMS, type PunchFilters, type ReportData, type ReportItem } from './punch-report-data';

type Rec = Record<string, unknown>;

export const NO_ITEMS = 'Nenhum item de verificação com esses filtros.';
const UNAVAILABLE = 'Planta indisponível';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const dash = (v: unknown) => text(v) || '—';

/** An instant as dd/mm/aaaa in the portal's time zone. */
const dateOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : formatDateTimeBr(d).slice(0, 10);
};

/** The due date: the date agreed with the company, else the SLA's. */
function dueOf(row: Rec): string {
  if (row.prazo) return formatDateBr(row.prazo);
  return typeof row.slaPrazo === 'string' ? `${dateOf(row.slaPrazo)} (SLA)` : '—';
}

/** The responsible person: by name to external readers, with the address to staff. */
function personOf(v: unknown, external: boolean): string {
  if (!v || typeof v !== 'object') return '—';
  const p = v as { mail?: unknown; nome?: unknown };
  const nome = text(p.nome);
  if (external) return nome || '—';
  const mail = text(p.mail);
  return nome && mail ? `${nome} (${mail})` : nome || mail || '—';
}

function filtersText(f: PunchFilters): string {
  const parts: string[] = [];
  if (f.empresa) parts.push(`Empresa: ${f.empresa.nome}`);
  if (f.disciplina) parts.push(`Disciplina: ${f.disciplina}`);
  if (f.status?.length) parts.push(`Situação: ${f.status.join(', ')}`);
  return parts.length ? parts.join(' · ') : 'Nenhum (todos os itens que você pode ver)';
}

function header(d: ReportData): Content[] {
  const site = d.obra.nome ? `${d.obra.codigo} — ${d.obra.nome}` : `Obra ${d.obra.codigo}`;
  const counts = ITEM_VERIFICACAO_STATUS.filter((s) => d.porSituacao[s]).map((s) => [s, text(d.porSituacao[s])]);
  const content: Content[] = [
    { text: 'Relatório de itens de verificação', style: 'h1' },
    { text: site, style: 'site' },
    {
      table: {
        widths: ['auto', '*'],
        body: [
          [{ text: 'Filtros', bold: true }, filtersText(d.filtros)],
          [{ text: 'Gerado em', bold: true }, formatDateTimeBr(d.geradoEm)],
          [{ text: 'Total de itens', bold: true }, text(d.total)],
        ],
      },
      layout: 'noBorders',
      margin: [0, 8, 0, 6],
    },
  ];
  if (counts.length) content.push(table(['Situação', 'Itens'], counts, ['*', 60]));
  if (d.total > d.itens.length) {
    content.push({
      text: `O relatório mostra os primeiros ${REPORT_MAX_ITEMS} itens de ${d.total}: use os filtros para ver os demais.`,
      bold: true,
      color: '#b3261e',
      margin: [0, 0, 0, 8],
    });
  }
  if (!d.itens.length) content.push({ text: NO_ITEMS, italics: true, margin: [0, 12, 0, 0] });
  return content;
}

function cropBlock(item: ReportItem): Content {
  const row = item.row;
  if (!row.folha) return { text: 'Item sem localização na planta.', italics: true, color: '#666666', margin: [0, 4, 0, 4] };
  const caption = item.folha ? `Folha ${item.folha.codigo} — ${item.folha.titulo}${item.folha.revisao ? ` — revisão ${item.folha.revisao}` : ''}` : '';
  if (!item.recorte) {
    return {
      stack: [{ text: UNAVAILABLE, italics: true, color: '#666666' }, ...(caption ? [{ text: caption, style: 'caption' }] : [])],
      margin: [0, 4, 0, 4],
    };
  }
  return {
    stack: [
      { image: item.recorte, fit: [360, 225] },
      { text: caption, style: 'caption' },
    ],
    margin: [0, 4, 0, 6],
  };
}

function photoBlock(item: ReportItem): Content[] {
  if (!item.fotos.length) return [];
  return [
    {
      stack: [
        { text: 'Fotos', bold: true, margin: [0, 4, 0, 2] },
        { columns: item.fotos.map((url) => ({ image: url, fit: [118, 118] as [number, number], width: 122 })), columnGap: 6, margin: [0, 0, 0, 6] },
      ],
      unbreakable: true,
    },
  ];
}

function historyBlock(item: ReportItem): Content[] {
  if (!item.historico.length) return [];
  return [
    { text: 'Histórico', bold: true, margin: [0, 4, 0, 2] },
    table(
      ['Quando', 'Quem', 'O quê'],
      item.historico.map((h) => [
        formatDateTimeBr(new Date(h.em)),
        h.quem,
        h.comentario ? { text: [h.oque, { text: ` — “${h.comentario}”`, italics: true }] } : h.oque,
      ]),
      [85, 120, '*'],
    ),
  ];
}

function itemBlock(item: ReportItem, external: boolean, first: boolean): Content {
  const r = item.row;
  const cell = (label: string, value: string): Content[] => [{ text: label, bold: true }, value];
  // The heading, the details and the crop stay on one page; photos and history may follow on the next.
  const head: Content = {
    stack: [
      { text: `Item nº ${text(r.numero)} — ${text(r.descricao)}`, style: 'h2', margin: [0, first ? 10 : 16, 0, 4] },
      {
        table: {
          widths: ['auto', '*', 'auto', '*'],
          body: [
            [...cell('Situação', dash(r.status)), ...cell('Prioridade', dash(r.prioridade))],
            [...cell('Disciplina', dash(r.disciplina)), ...cell('Prazo', dueOf(r))],
            [...cell('Empresa', dash(item.empresa)), ...cell('Responsável', personOf(r.responsavel, external))],
            [{ text: 'Local', bold: true }, { text: dash(r.local), colSpan: 3 }, {}, {}],
          ],
        },
        layout: 'noBorders',
      },
      cropBlock(item),
    ],
    unbreakable: true,
  };
  return { stack: [head, ...photoBlock(item), ...historyBlock(item)] };
}

/** The report's PDF bytes. `companyView`: the copy e-mailed to a company (report-routes.ts). */
export async function renderPunchReport(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  obra: string,
  filtros: PunchFilters,
  opts: { companyView?: boolean; photos?: boolean; siteName?: boolean } = {},
): Promise<{ pdf: Buffer; itens: number; total: number }> {
  const noPhotos = async () => undefined;
  const data = await loadReportData(db, storage, actor, obra, filtros, opts.photos === false ? noPhotos : downscale, opts.companyView);
  if (opts.siteName === false) data.obra.nome = '';
  const content = [...header(data), ...data.itens.map((item, i) => itemBlock(item, data.external, i === 0))];
  const site = data.obra.nome ? `${data.obra.codigo} — ${data.obra.nome}` : `Obra ${data.obra.codigo}`;
  const doc = reportDocument(
    { title: `Itens de verificação — ${site}`, subject: `Relatório de itens de verificação de ${formatDateTimeBr(data.geradoEm)}` },
    `Itens de verificação — ${site} — ${formatDateTimeBr(data.geradoEm)}`,
    content,
  );
  return { pdf: await pdfBytes(doc), itens: data.itens.length, total: data.total };
}
