/**
 * A small plan PDF written by hand (no library): one page per sheet, each with a frame, a grid of
 * rooms drawn as vector lines, their names and a title block — enough to look like a floor plan in
 * a viewer. The demo's plan set (demo-plantas.ts) and the plan tests use it; a page may have any
 * size (the tests' 20,000 × 20,000 pt page).
 */

export interface DemoSheetPage {
  largura: number;
  altura: number;
  titulo: string;
  /** The page's /Rotate (0, 90, 180, 270). */
  rotacao?: number;
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[()\\]/g, '');

/** The content stream of one sheet: frame, rooms, labels, title block. */
function pageContent(p: DemoSheetPage, n: number): string {
  const w = p.largura;
  const h = p.altura;
  const m = Math.max(20, Math.min(w, h) * 0.03);
  const ops: string[] = ['0.15 0.15 0.15 RG', '2 w', `${m} ${m} ${w - 2 * m} ${h - 2 * m} re S`];
  // Rooms: a grid inside the frame, leaving the title block at the bottom right.
  const cols = 3 + (n % 2);
  const rows = 2;
  const top = h - 2 * m;
  const bottom = m + h * 0.18;
  const cw = (w - 4 * m) / cols;
  const rh = (top - bottom) / rows;
  ops.push('1 w');
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) ops.push(`${2 * m + c * cw} ${bottom + r * rh} ${cw} ${rh} re S`);
  }
  // Doors as short gaps marked by arcs' chords.
  ops.push('0.6 0.2 0.2 RG', '0.8 w');
  for (let c = 0; c < cols; c++) ops.push(`${2 * m + c * cw + cw * 0.4} ${bottom + rh} m ${2 * m + c * cw + cw * 0.55} ${bottom + rh * 1.15} l S`);
  const size = Math.max(8, Math.min(w, h) / 60);
  const text: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const label = `Sala ${n}.${r * cols + c + 1}`;
      text.push(`BT /F1 ${size} Tf ${2 * m + c * cw + size} ${bottom + r * rh + rh - 2 * size} Td (${label}) Tj ET`);
    }
  }
  // Title block.
  const tbw = w * 0.35;
  const tbh = h * 0.12;
  ops.push('0 0 0 RG', '1.5 w', `${w - m - tbw} ${m} ${tbw} ${tbh} re S`);
  text.push(`BT /F1 ${size * 1.4} Tf ${w - m - tbw + size} ${m + tbh - 2 * size} Td (${ascii(p.titulo)}) Tj ET`);
  text.push(`BT /F1 ${size} Tf ${w - m - tbw + size} ${m + size} Td (Portal - planta de demonstracao - folha ${n}) Tj ET`);
  return [...ops, '0 0 0 rg', ...text].join('\n');
}

/** The PDF of the given pages. */
export function demoPlanPdf(pages: DemoSheetPage[]): Buffer {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: string[] = [];
  pages.forEach((p, i) => {
    const content = pageContent(p, i + 1);
    const contentId = objects.length + 2;
    const pageId = objects.length + 1;
    kids.push(`${pageId} 0 R`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R${p.rotacao ? ` /Rotate ${p.rotacao}` : ''} /MediaBox [0 0 ${p.largura} ${p.altura}] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
