/**
 * What a plan PDF is, checked on the server before anything is stored (issue 42): a real PDF (its
 * bytes, not its name), not encrypted nor password-protected, within the plans' size limit, with at
 * most PLANTA_MAX_FOLHAS pages, none larger than 14,400 × 14,400 points. Read with pdf.js
 * (`pdfjs-dist`, legacy build for Node), which only parses the document and each page's dictionary:
 * nothing is rendered here. A refusal is a 400 with a pt-BR message on the field `file`.
 */
import { open, readFile } from 'node:fs/promises';
import { PLANTA_MAX_FOLHAS, PLANTA_MAX_LADO_PT } from '../../../schemas/folha-planta';
import { ApiError } from '../http/errors';

/** A page as it is shown (rotation applied), in PDF points. */
export interface PlanPage {
  largura: number;
  altura: number;
}

/** The size limit of a plan PDF in MB (`PLANTA_MAX_MB`, default 150), read at each request. */
export function plantaMaxMb(): number {
  const v = Number(process.env.PLANTA_MAX_MB);
  return Number.isFinite(v) && v > 0 ? v : 150;
}

const pt = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 0 });

export const PDF_MESSAGES = {
  naoPdf: 'O arquivo não é um PDF: envie a planta em PDF (o tipo é verificado pelo conteúdo do arquivo).',
  ilegivel: 'O PDF está corrompido ou incompleto e não pôde ser lido: gere o arquivo de novo e envie outra vez.',
  protegido: 'O PDF está protegido por senha ou criptografia: envie uma cópia sem proteção.',
  vazio: 'O PDF não tem páginas.',
  muitasFolhas: (n: number) => `O PDF tem ${pt(n)} páginas; envie no máximo ${PLANTA_MAX_FOLHAS} folhas por arquivo.`,
  grande: (mb: number) => `O arquivo excede o limite de ${mb.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} MB das plantas.`,
  pagina: (n: number, p: PlanPage) =>
    `A página ${n} mede ${pt(p.largura)} × ${pt(p.altura)} pt; o máximo é ${pt(PLANTA_MAX_LADO_PT)} × ${pt(PLANTA_MAX_LADO_PT)} pt (5,08 m).`,
};

const refuse = (message: string) => new ApiError(400, message, { file: [message] });

/** The file starts (within its first KB, as readers allow) with the PDF header. */
async function hasPdfHeader(path: string): Promise<boolean> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead).includes('%PDF-');
  } finally {
    await fh.close();
  }
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** The pages of a plan PDF on the local disk, or a 400 saying what is wrong with it. */
export async function inspectPlanPdf(path: string): Promise<PlanPage[]> {
  if (!(await hasPdfHeader(path))) throw refuse(PDF_MESSAGES.naoPdf);
  const { getDocument } = await loadPdfJs();
  const data = new Uint8Array(await readFile(path));
  const task = getDocument({ data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: true, verbosity: 0 });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy().catch(() => undefined);
    throw refuse((e as { name?: string }).name === 'PasswordException' ? PDF_MESSAGES.protegido : PDF_MESSAGES.ilegivel);
  }
  try {
    // A document encrypted with an empty user password opens without asking: its trailer still says so.
    const meta = await doc.getMetadata().catch(() => undefined);
    if ((meta?.info as { EncryptFilterName?: unknown } | undefined)?.EncryptFilterName) throw refuse(PDF_MESSAGES.protegido);
    if (doc.numPages < 1) throw refuse(PDF_MESSAGES.vazio);
    if (doc.numPages > PLANTA_MAX_FOLHAS) throw refuse(PDF_MESSAGES.muitasFolhas(doc.numPages));
    const pages: PlanPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      let page;
      try {
        page = await doc.getPage(n);
      } catch {
        throw refuse(PDF_MESSAGES.ilegivel);
      }
      const [x0, y0, x1, y1] = page.view;
      const unit = page.userUnit || 1;
      const w = Math.abs(x1 - x0) * unit;
      const h = Math.abs(y1 - y0) * unit;
      const turned = page.rotate % 180 !== 0;
      const size = { largura: round2(turned ? h : w), altura: round2(turned ? w : h) };
      if (!(size.largura >= 1 && size.altura >= 1)) throw refuse(PDF_MESSAGES.ilegivel);
      if (size.largura > PLANTA_MAX_LADO_PT || size.altura > PLANTA_MAX_LADO_PT) throw refuse(PDF_MESSAGES.pagina(n, size));
      pages.push(size);
    }
    return pages;
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A refusal for a file over the plans' limit (the upload stream's 413 becomes this 400: nothing stored). */
export const tooLargePlan = (mb = plantaMaxMb()) => refuse(PDF_MESSAGES.grande(mb));
