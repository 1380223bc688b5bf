/**
 * The daily report (RDO) as a printable PDF (pdfmake, server side): the site header, date and
 * number, weather per shift, rainfall, manpower, equipment, activities against the EAP,
 * occurrences, the report's photos (downscaled) and, at the end, its signatures and verification
 * code (issue 26), in pt-BR formats. Fonts: pdfmake's own Roboto
 * files in node_modules, so the server needs nothing outside the repository and its packages.
 */
import { formatDateBr, formatDateTimeBr } from '../time';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import sharp from 'sharp';
import { schemaByName } from '../../../schemas';

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('pdfmake/package.json')), 'build', 'fonts', 'Roboto');
const FONT_FILES = {
  normal: join(FONT_DIR, 'Roboto-Regular.ttf'),
  bold: join(FONT_DIR, 'Roboto-Medium.ttf'),
  italics: join(FONT_DIR, 'Roboto-Italic.ttf'),
  bolditalics: join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
};
const FONT_PATHS = new Set(Object.values(FONT_FILES));

pdfmake.setFonts({ Roboto: FONT_FILES });
// Only the font files are read from disk; images come in as data URLs, nothing is fetched.
pdfmake.setLocalAccessPolicy((path: string) => FONT_PATHS.has(path));
pdfmake.setUrlAccessPolicy(() => false);

type Row = Record<string, unknown>;

export interface RdoPdfInput {
  report: Row;
  site?: Row;
  /** The report's photos as stored (any image type); downscaled here. */
  photos: { name: string; body: Uint8Array }[];
  /** The signature block; absent, the document has none. */
  signatures?: PdfSignatures;
}

/** One signature as the document shows it. */
export interface PdfSignature {
  /** The signer's role, pt-BR ("Responsável da obra"). */
  papel: string;
  nome: string;
  /** ISO timestamp. */
  em: string;
  metodo: 'desenho' | 'login';
  /** PNG data URL of the drawn signature. */
  imagem?: string | null;
  /** Voided (the report was reopened): shown "ANULADA" with the reason. */
  anulada: boolean;
  anuladaMotivo?: string | null;
  /** In force but of another content than the document's (edited after signing). */
  divergente?: boolean;
}

/** The signatures of the report and how to verify them. */
export interface PdfSignatures {
  items: PdfSignature[];
  /** Verification code (null before the first signature) and the public page that checks it. */
  codigo: string | null;
  url: string | null;
}

const decimals = new Map<number, Intl.NumberFormat>();
/** 1234.5 → "1.234,50" (pt-BR), '' when empty. */
export function formatNumberBr(v: unknown, scale = 2): string {
  if (v === null || v === undefined || v === '') return '';
  const n = Number(v);
  if (!Number.isFinite(n)) return '';
  let f = decimals.get(scale);
  if (!f) decimals.set(scale, (f = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: scale, maximumFractionDigits: scale })));
  return f.format(n);
}

export { formatDateBr };

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const rowsOf = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);
const statusLabel = (v: unknown) => schemaByName('diario')?.workflow?.states.find((s) => s.value === v)?.label ?? text(v);
const labelOf = (name: string) => schemaByName('diario')?.fields.find((f) => f.name === name)?.label ?? name;

/** A photo at most 1000 px on its longer side, as a JPEG data URL (keeps the PDF small). */
export async function downscale(body: Uint8Array): Promise<string | undefined> {
  try {
    const jpeg = await sharp(body)
      .rotate()
      .resize({ width: 1000, height: 1000, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return undefined; // not an image sharp can read: left out of the document
  }
}

/** A drawn signature re-encoded as a small PNG (never more than 600 × 200 px); undefined when unreadable. */
async function signatureImage(dataUrl: string | null | undefined): Promise<string | undefined> {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl ?? '');
  if (!m) return undefined;
  try {
    const png = await sharp(Buffer.from(m[1], 'base64')).resize({ width: 600, height: 200, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    return undefined;
  }
}

const METHOD_TEXT: Record<PdfSignature['metodo'], string> = {
  desenho: 'assinatura desenhada no portal',
  login: 'confirmada com o acesso (login) ao portal',
};

/**
 * The block at the end of a signed document (the RIT's too, src/server/rit/pdf.ts): each signature,
 * then the verification code and its address; `divergent`: what a signature of another content says.
 */
export async function signatureBlock(block: PdfSignatures, divergent = 'NÃO CORRESPONDE AO CONTEÚDO ATUAL DO DIÁRIO'): Promise<Content[]> {
  const out: Content[] = [{ text: 'Assinaturas', style: 'h2', margin: [0, 14, 0, 4] }];
  if (!block.items.length) out.push({ text: 'Documento ainda não assinado.', italics: true, color: '#666666', margin: [0, 0, 0, 8] });
  for (const s of block.items) {
    const image = await signatureImage(s.imagem);
    const status: Content[] = s.anulada
      ? [{ text: `ANULADA${s.anuladaMotivo ? ` — ${s.anuladaMotivo}` : ''}`, bold: true, color: '#b3261e' }]
      : s.divergente
        ? [{ text: divergent, bold: true, color: '#b3261e' }]
        : [];
    out.push({
      stack: [
        { text: [{ text: `${s.papel}: `, bold: true }, s.nome] },
        { text: `${formatDateTimeBr(new Date(s.em))} — ${METHOD_TEXT[s.metodo]}`, fontSize: 8.5, color: '#444444' },
        ...(image
          ? [{ image, fit: [180, 60] as [number, number], margin: [0, 4, 0, 0] as [number, number, number, number], opacity: s.anulada ? 0.35 : 1 }]
          : []),
        ...status,
      ],
      margin: [0, 0, 0, 10],
      unbreakable: true,
    });
  }
  if (block.codigo) {
    out.push({
      text: [
        { text: 'Código de verificação: ', bold: true },
        { text: block.codigo, bold: true },
        block.url ? ` — confira a autenticidade em ${block.url}` : '',
      ],
      margin: [0, 4, 0, 0],
    });
  }
  return out;
}

export function table(headers: string[], body: TableCell[][], widths: (string | number)[]): Content {
  if (!body.length) return { text: 'Nada informado.', italics: true, color: '#666666', margin: [0, 0, 0, 8] };
  return {
    table: { headerRows: 1, widths, body: [headers.map((h) => ({ text: h, style: 'th' })), ...body] },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 8],
  };
}

const section = (title: string): Content => ({ text: title, style: 'h2' });

/** The document definition of one report (exported for tests). */
export async function rdoDocument(input: RdoPdfInput): Promise<TDocumentDefinitions> {
  const { report: r, site = {} } = input;
  const siteName = text(site.nome) || `Obra ${text(r.obra)}`;
  const address = [text(site.endereco), [text(site.cidade), text(site.uf)].filter(Boolean).join('/'), text(site.cep)].filter(Boolean).join(' — ');
  const manager = r.siteManager as { mail?: string; nome?: string } | undefined;
  const images = (await Promise.all(input.photos.map(async (p) => ({ name: p.name, url: await downscale(p.body) })))).filter((p) => p.url);

  const photoRows: Content[] = [];
  for (let i = 0; i < images.length; i += 2) {
    photoRows.push({
      columns: images.slice(i, i + 2).map((p) => ({
        stack: [
          { image: p.url!, fit: [245, 200] },
          { text: p.name, style: 'caption' },
        ],
        width: 250,
      })),
      columnGap: 15,
      margin: [0, 0, 0, 10],
    });
  }

  const atividades = rowsOf(r.atividades);
  const content: Content[] = [
    {
      columns: [
        {
          stack: [
            { text: 'Relatório Diário de Obra (RDO)', style: 'h1' },
            { text: `${siteName} (obra ${text(r.obra)})`, style: 'site' },
          ],
        },
        {
          stack: [
            { text: `Nº ${text(r.numero)}`, style: 'numero' },
            { text: formatDateBr(r.data), alignment: 'right' },
          ],
          width: 150,
        },
      ],
    },
    {
      table: {
        widths: ['auto', '*', 'auto', '*'],
        body: [
          [{ text: 'Cliente', bold: true }, text(site.cliente), { text: 'Situação', bold: true }, statusLabel(r.status)],
          [{ text: 'Endereço', bold: true }, { text: address, colSpan: 3 }, {}, {}],
          [
            { text: 'Site manager', bold: true },
            text(manager?.nome || manager?.mail),
            { text: 'Expediente', bold: true },
            [text(r.horarioInicio), text(r.horarioFim)].filter(Boolean).join(' às '),
          ],
        ],
      },
      layout: 'noBorders',
      margin: [0, 8, 0, 8],
    },
    section(labelOf('clima')),
    table(
      ['Período', 'Tempo', 'Temperatura', 'Condição de trabalho'],
      rowsOf(r.clima).map((c) => [
        text(c.periodo),
        text(c.tempo),
        c.temperaturaC === null || c.temperaturaC === undefined || c.temperaturaC === '' ? '—' : `${formatNumberBr(c.temperaturaC, 1)} °C`,
        text(c.condicao),
      ]),
      ['*', '*', '*', '*'],
    ),
    {
      text: [
        { text: 'Chuva: ', bold: true },
        r.chuvaMm === null || r.chuvaMm === undefined ? 'não informada' : `${formatNumberBr(r.chuvaMm, 2)} mm`,
        ...(r.estacaoMeteorologica ? [{ text: '   Estação: ', bold: true }, text(r.estacaoMeteorologica)] : []),
      ],
      margin: [0, 0, 0, 8],
    },
    section(labelOf('maoDeObra')),
    table(
      ['Empresa', 'Função', 'Quantidade'],
      [
        ...rowsOf(r.maoDeObra).map((m) => [text(m.empresa), text(m.funcao), { text: formatNumberBr(m.quantidade, 0), alignment: 'right' as const }]),
        ...(rowsOf(r.maoDeObra).length
          ? [
              [
                { text: 'Total', bold: true, colSpan: 2 },
                {},
                {
                  text: formatNumberBr(
                    rowsOf(r.maoDeObra).reduce((s, m) => s + (Number(m.quantidade) || 0), 0),
                    0,
                  ),
                  bold: true,
                  alignment: 'right' as const,
                },
              ],
            ]
          : []),
      ],
      ['*', '*', 70],
    ),
    section(labelOf('equipamentos')),
    table(
      ['Equipamento', 'Quantidade', 'Horas trabalhadas', 'Horas paradas'],
      rowsOf(r.equipamentos).map((e) => [
        text(e.equipamento),
        { text: formatNumberBr(e.quantidade, 0), alignment: 'right' as const },
        { text: formatNumberBr(e.horasTrabalhadas), alignment: 'right' as const },
        { text: formatNumberBr(e.horasParadas), alignment: 'right' as const },
      ]),
      ['*', 60, 80, 80],
    ),
    section(labelOf('atividades')),
    table(
      ['Item da EAP', 'Descrição', 'Quantidade', 'Avanço'],
      atividades.map((a) => [
        text(a.eapItem) || '—',
        text(a.descricao),
        { text: [formatNumberBr(a.quantidade), text(a.unidade)].filter(Boolean).join(' '), alignment: 'right' as const },
        { text: a.avancoPercent === null || a.avancoPercent === undefined ? '' : `${formatNumberBr(a.avancoPercent)} %`, alignment: 'right' as const },
      ]),
      [60, '*', 80, 55],
    ),
    section(labelOf('ocorrencias')),
    { text: text(r.ocorrencias) || 'Nenhuma ocorrência registrada.', italics: !r.ocorrencias, margin: [0, 0, 0, 8] },
    ...(r.comentariosCliente ? [section(labelOf('comentariosCliente')), { text: text(r.comentariosCliente), margin: [0, 0, 0, 8] } as Content] : []),
    ...(photoRows.length ? [section(`${labelOf('fotos')} (${images.length})`), ...photoRows] : []),
    ...(input.signatures ? await signatureBlock(input.signatures) : []),
  ];

  return reportDocument(
    { title: `RDO nº ${text(r.numero)} — ${siteName}`, subject: `Diário de obra de ${formatDateBr(r.data)}` },
    `RDO nº ${text(r.numero)} — ${siteName} — ${formatDateBr(r.data)}`,
    content,
  );
}

/**
 * The page of the portal's reports of record (RDO, RIT): A4, Roboto, the styles their content uses
 * (h1, site, numero, h2, th, caption) and a footer naming the report (`footer`) and the page.
 */
export function reportDocument(info: NonNullable<TDocumentDefinitions['info']>, footer: string, content: Content[]): TDocumentDefinitions {
  return {
    info: { author: 'Portal', creator: 'Portal', ...info },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 9.5 },
    footer: (page: number, pages: number) => ({
      columns: [
        { text: footer, fontSize: 8, color: '#666666' },
        { text: `Página ${page} de ${pages}`, alignment: 'right', fontSize: 8, color: '#666666' },
      ],
      margin: [40, 15, 40, 0],
    }),
    styles: {
      h1: { fontSize: 15, bold: true, color: '#6305c6' },
      site: { fontSize: 11, margin: [0, 2, 0, 0] },
      numero: { fontSize: 15, bold: true, alignment: 'right' },
      h2: { fontSize: 11, bold: true, color: '#6305c6', margin: [0, 6, 0, 4] },
      th: { bold: true, fillColor: '#f2ecfb' },
      caption: { fontSize: 8, color: '#666666', margin: [0, 2, 0, 0] },
    },
    content,
  };
}

/** A report's PDF bytes; `compress: false` leaves the streams readable (tests). */
export async function pdfBytes(doc: TDocumentDefinitions, opts: { compress?: boolean } = {}): Promise<Buffer> {
  if (opts.compress === false) doc.compress = false;
  return (pdfmake.createPdf(doc) as unknown as { getBuffer(): Promise<Buffer> }).getBuffer();
}

/** The report as PDF bytes; `compress: false` leaves the streams readable (tests). */
export async function renderRdoPdf(input: RdoPdfInput, opts: { compress?: boolean } = {}): Promise<Buffer> {
  return pdfBytes(await rdoDocument(input), opts);
}
