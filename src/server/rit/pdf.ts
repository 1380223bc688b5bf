/**
 * The technical inspection report (RIT) as a printable PDF (issue 40), in the family of the daily
 * report's (src/server/rdo/pdf.ts: the same fonts, styles, tables, photo handling and signature
 * block): the site header, number and date, what was inspected and by whom, the items checked, the
 * findings with their severity and photos, the conclusion and recommendations, the photos and, at
 * the end, the signatures and the verification code, in pt-BR formats. The number and the code are
 * also the document's keywords (its properties, plain text).
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { schemaByName } from '../../../schemas';
import { downscale, formatDateBr, pdfBytes, reportDocument, signatureBlock, table, type PdfSignatures } from '../rdo/pdf';

type Row = Record<string, unknown>;

export interface RitPdfInput {
  report: Row;
  site?: Row;
  /** The photos of the report (`fotos`) and of its findings (`constatacoes.<i>.foto`), by file key. */
  photos: Map<string, { name: string; body: Uint8Array }>;
  signatures?: PdfSignatures;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const rowsOf = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);
const filesOf = (v: unknown) => (Array.isArray(v) ? (v as { key?: string; name?: string }[]) : []);
const schema = () => schemaByName('rit');
const statusLabel = (v: unknown) => schema()?.workflow?.states.find((s) => s.value === v)?.label ?? text(v);
const labelOf = (name: string) => schema()?.fields.find((f) => f.name === name)?.label ?? name;
const section = (title: string): Content => ({ text: title, style: 'h2' });

/** The photos named by `files`, downscaled, two per row. */
async function photoGrid(files: { key?: string; name?: string }[], photos: RitPdfInput['photos'], width = 245): Promise<Content[]> {
  const images: { name: string; url: string }[] = [];
  for (const f of files) {
    const p = f.key ? photos.get(f.key) : undefined;
    const url = p ? await downscale(p.body) : undefined;
    if (url) images.push({ name: text(f.name), url });
  }
  const out: Content[] = [];
  for (let i = 0; i < images.length; i += 2) {
    out.push({
      columns: images.slice(i, i + 2).map((p) => ({
        stack: [
          { image: p.url, fit: [width, 200] },
          { text: p.name, style: 'caption' },
        ],
        width: width + 5,
      })),
      columnGap: 15,
      margin: [0, 0, 0, 10],
    });
  }
  return out;
}

/** The document definition of one report (exported for tests). */
export async function ritDocument(input: RitPdfInput): Promise<TDocumentDefinitions> {
  const { report: r, site = {} } = input;
  const siteName = text(site.nome) || `Obra ${text(r.obra)}`;
  const inspector = r.inspetor as { mail?: string; nome?: string } | undefined;
  const findings = rowsOf(r.constatacoes);
  const findingBlocks: Content[] = [];
  for (const [i, f] of findings.entries()) {
    findingBlocks.push({
      stack: [
        { text: [{ text: `${i + 1}. `, bold: true }, text(f.descricao)] },
        { text: [{ text: 'Severidade: ', bold: true }, text(f.severidade)], fontSize: 8.5, color: '#444444' },
        ...(await photoGrid(filesOf(f.foto), input.photos, 160)),
      ],
      margin: [0, 0, 0, 8],
    });
  }
  const photos = await photoGrid(filesOf(r.fotos), input.photos);

  const content: Content[] = [
    {
      columns: [
        {
          stack: [
            { text: 'Relatório de Inspeção Técnica (RIT)', style: 'h1' },
            { text: `${siteName} (obra ${text(r.obra)})`, style: 'site' },
          ],
        },
        {
          stack: [
            { text: `Nº ${text(r.numero)}`, style: 'numero' },
            { text: formatDateBr(r.data), alignment: 'right' },
          ],
          width: 170,
        },
      ],
    },
    { text: text(r.titulo), bold: true, fontSize: 11, margin: [0, 8, 0, 0] },
    {
      table: {
        widths: ['auto', '*', 'auto', '*'],
        body: [
          [{ text: 'Cliente', bold: true }, text(site.cliente), { text: 'Situação', bold: true }, statusLabel(r.status)],
          [
            { text: labelOf('tipoInspecao'), bold: true },
            text(r.tipoInspecao),
            { text: labelOf('inspetor'), bold: true },
            text(inspector?.nome || inspector?.mail),
          ],
          [{ text: labelOf('equipamento'), bold: true }, { text: text(r.equipamento) || '—', colSpan: 3 }, {}, {}],
        ],
      },
      layout: 'noBorders',
      margin: [0, 8, 0, 8],
    },
    section(labelOf('itens')),
    table(
      ['Item', 'Critério de aceitação', 'Resultado', 'Observação'],
      rowsOf(r.itens).map((i) => [text(i.item), text(i.criterio), text(i.resultado), text(i.observacao)]),
      ['*', '*', 70, '*'],
    ),
    section(`${labelOf('constatacoes')} (${findings.length})`),
    ...(findingBlocks.length ? findingBlocks : [{ text: 'Nenhuma constatação registrada.', italics: true, color: '#666666', margin: [0, 0, 0, 8] } as Content]),
    section('Conclusão'),
    { text: [{ text: `${labelOf('conclusao')}: `, bold: true }, text(r.conclusao)], margin: [0, 0, 0, 4] },
    ...(r.recomendacoes ? [{ text: text(r.recomendacoes), margin: [0, 0, 0, 8] } as Content] : []),
    ...(photos.length ? [section(labelOf('fotos')), ...photos] : []),
    ...(input.signatures ? await signatureBlock(input.signatures, 'NÃO CORRESPONDE AO CONTEÚDO ATUAL DO RELATÓRIO') : []),
  ];

  return reportDocument(
    {
      title: `RIT nº ${text(r.numero)} — ${siteName}`,
      subject: `Relatório de inspeção técnica de ${formatDateBr(r.data)}`,
      // Plain ASCII, so the number and the code can be found in the file as they are printed.
      keywords: [text(r.numero), input.signatures?.codigo ? `verificacao ${input.signatures.codigo}` : ''].filter(Boolean).join('; '),
    },
    `RIT nº ${text(r.numero)} — ${siteName} — ${formatDateBr(r.data)}`,
    content,
  );
}

/** The report as PDF bytes; `compress: false` leaves the streams readable (tests). */
export async function renderRitPdf(input: RitPdfInput, opts: { compress?: boolean } = {}): Promise<Buffer> {
  return pdfBytes(await ritDocument(input), opts);
}
