// A generated plan set for `npm run bench:plantas` (issue 42): N pages of A1 landscape (2384 × 1684 pt)
// with dense vector drawings as CAD exports them — a structural grid with bubbles, walls as many short
// segments (exploded polylines), hatched rooms, furniture and fixtures, dimension lines with their text,
// a title block. pdfkit with its default Flate compression, as real plan PDFs are. Deterministic (a
// seeded PRNG; pdfkit's creation date fixed): the same arguments give the same bytes.
import { createWriteStream } from 'node:fs';
import PDFDocument from 'pdfkit';
import { seededRandom } from './seeded-random.mjs';

export const A1 = { width: 2384, height: 1684 };

const M = 60; // margin
/** Furniture outlines per room: about 1 MB per sheet once compressed (30 sheets ≈ 30 MB). */
const DETAIL = 145;
const DRAW = { x0: M, y0: M, x1: A1.width - M - 420, y1: A1.height - M }; // drawing area (title block on the right)

/** A line drawn as `parts` collinear segments with a little jitter (as an exploded CAD polyline). */
function segmented(doc, rnd, x0, y0, x1, y1, parts) {
  doc.moveTo(x0, y0);
  for (let i = 1; i <= parts; i++) {
    const t = i / parts;
    const j = i === parts ? 0 : (rnd() - 0.5) * 0.3;
    doc.lineTo(x0 + (x1 - x0) * t + j, y0 + (y1 - y0) * t + j);
  }
}

function grid(doc, rnd, page) {
  const cols = 22;
  const rows = 14;
  const dx = (DRAW.x1 - DRAW.x0) / cols;
  const dy = (DRAW.y1 - DRAW.y0) / rows;
  doc.lineWidth(0.3).strokeColor('#9a9a9a').dash(12, { space: 3 });
  for (let c = 0; c <= cols; c++) doc.moveTo(DRAW.x0 + c * dx, DRAW.y0 - 20).lineTo(DRAW.x0 + c * dx, DRAW.y1);
  for (let r = 0; r <= rows; r++) doc.moveTo(DRAW.x0 - 20, DRAW.y0 + r * dy).lineTo(DRAW.x1, DRAW.y0 + r * dy);
  doc.stroke().undash();
  doc.lineWidth(0.5).strokeColor('#000').fontSize(7);
  for (let c = 0; c <= cols; c++) {
    doc.circle(DRAW.x0 + c * dx, DRAW.y0 - 30, 9).stroke();
    doc.text(String(c + 1), DRAW.x0 + c * dx - 8, DRAW.y0 - 33, { width: 16, align: 'center', lineBreak: false });
  }
  for (let r = 0; r <= rows; r++) {
    doc.circle(DRAW.x0 - 30, DRAW.y0 + r * dy, 9).stroke();
    doc.text(String.fromCharCode(65 + r), DRAW.x0 - 38, DRAW.y0 + r * dy - 3, { width: 16, align: 'center', lineBreak: false });
  }
  return { cols, rows, dx, dy, page, rnd };
}

/** Rooms: walls as double lines of many segments, a door swing, hatching in some, a room label. */
function rooms(doc, rnd, g, detail) {
  for (let c = 0; c < g.cols; c += 2) {
    for (let r = 0; r < g.rows; r += 2) {
      const x = DRAW.x0 + c * g.dx + 4;
      const y = DRAW.y0 + r * g.dy + 4;
      const w = g.dx * 2 - 8;
      const h = g.dy * 2 - 8;
      doc.lineWidth(0.9).strokeColor('#000');
      for (const off of [0, 5]) {
        segmented(doc, rnd, x + off, y + off, x + w - off, y + off, 12);
        segmented(doc, rnd, x + w - off, y + off, x + w - off, y + h - off, 8);
        segmented(doc, rnd, x + w - off, y + h - off, x + off, y + h - off, 12);
        segmented(doc, rnd, x + off, y + h - off, x + off, y + off, 8);
      }
      doc.stroke();
      doc
        .lineWidth(0.3)
        .moveTo(x + 20, y + h)
        .lineTo(x + 20, y + h - 30)
        .stroke();
      doc.path(`M ${x + 20} ${y + h - 5} A 30 30 0 0 1 ${x + 50} ${y + h - 35}`).stroke();
      if (rnd() < 0.5) hatch(doc, rnd, x + 5, y + 5, w - 10, h - 10, 5 + rnd() * 4);
      fixtures(doc, rnd, x + 10, y + 10, w - 20, h - 20, detail);
      doc
        .fillColor('#000')
        .fontSize(6)
        .text(`SALA ${g.page}.${c}${r} — ${(w * h * 0.00012).toFixed(2)} m²`, x + 10, y + h / 2, { lineBreak: false });
    }
  }
}

/** 45° hatching clipped to the rectangle by hand (each line its own segment, as CAD exports do). */
function hatch(doc, rnd, x, y, w, h, step) {
  doc.lineWidth(0.15).strokeColor('#555');
  for (let k = -h; k < w; k += step) {
    const ax = x + Math.max(k, 0);
    const ay = y + Math.max(-k, 0);
    const len = Math.min(w - Math.max(k, 0), h - Math.max(-k, 0));
    if (len > 0) doc.moveTo(ax, ay).lineTo(ax + len, ay + len);
  }
  doc.stroke();
}

/** Furniture and fixtures: small closed polylines of jittered points, `detail` of them per room. */
function fixtures(doc, rnd, x, y, w, h, detail) {
  doc.lineWidth(0.2).strokeColor('#333');
  for (let i = 0; i < detail; i++) {
    const cx = x + rnd() * w;
    const cy = y + rnd() * h;
    const n = 5 + Math.floor(rnd() * 6);
    const rad = 2 + rnd() * 8;
    doc.moveTo(cx + rad, cy);
    for (let k = 1; k < n; k++)
      doc.lineTo(cx + Math.cos((k / n) * 6.283) * rad * (0.8 + rnd() * 0.4), cy + Math.sin((k / n) * 6.283) * rad * (0.8 + rnd() * 0.4));
    doc.closePath();
  }
  doc.stroke();
}

/** Dimension lines along the top and left with ticks and their figures. */
function dimensions(doc, g) {
  doc.lineWidth(0.25).strokeColor('#000').fillColor('#000').fontSize(5);
  for (let c = 0; c < g.cols; c++) {
    const x = DRAW.x0 + c * g.dx;
    const y = DRAW.y1 + 18;
    doc
      .moveTo(x, y)
      .lineTo(x + g.dx, y)
      .moveTo(x - 3, y + 3)
      .lineTo(x + 3, y - 3)
      .moveTo(x + g.dx - 3, y + 3)
      .lineTo(x + g.dx + 3, y - 3)
      .stroke();
    doc.text(`${(g.dx * 8.4).toFixed(0)}`, x + g.dx / 2 - 10, y - 8, { width: 20, align: 'center', lineBreak: false });
  }
  for (let r = 0; r < g.rows; r++) {
    const x = DRAW.x1 + 18;
    const y = DRAW.y0 + r * g.dy;
    doc
      .moveTo(x, y)
      .lineTo(x, y + g.dy)
      .stroke();
    doc.text(`${(g.dy * 8.4).toFixed(0)}`, x + 3, y + g.dy / 2, { lineBreak: false });
  }
}

function titleBlock(doc, page, total) {
  const x = A1.width - M - 400;
  doc
    .lineWidth(1.2)
    .strokeColor('#000')
    .rect(M / 2, M / 2, A1.width - M, A1.height - M)
    .stroke();
  doc.rect(x, A1.height - M - 300, 400, 300).stroke();
  doc
    .fillColor('#000')
    .fontSize(18)
    .text('PORTAL — OBRA 101', x + 16, A1.height - M - 284, { lineBreak: false });
  doc.fontSize(12).text(`Planta de arquitetura — pavimento ${page}`, x + 16, A1.height - M - 250, { lineBreak: false });
  doc
    .fontSize(10)
    .text(`Folha ${String(page).padStart(2, '0')} de ${total} · A1 · escala 1:100 · revisão 0`, x + 16, A1.height - M - 225, { lineBreak: false });
  doc.text(`BENCH-ARQ-${String(page).padStart(2, '0')}`, x + 16, A1.height - M - 40, { lineBreak: false });
}

/**
 * Writes the plan set to `path`; resolves to { bytes, pages }. `detail` (furniture outlines per room,
 * 77 rooms a sheet) sets the size: the default gives about 1 MB per compressed sheet.
 */
export function writePlanSet(path, { pages = 30, detail = DETAIL, seed = 42 } = {}) {
  const doc = new PDFDocument({
    size: [A1.width, A1.height],
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: { Title: 'Conjunto de plantas (bench:plantas)', CreationDate: new Date('2026-01-01T00:00:00Z') },
  });
  const out = createWriteStream(path);
  let bytes = 0;
  doc.on('data', (b) => (bytes += b.length));
  doc.pipe(out);
  const rnd = seededRandom(seed);
  for (let p = 1; p <= pages; p++) {
    doc.addPage();
    const g = grid(doc, rnd, p);
    rooms(doc, rnd, g, detail);
    dimensions(doc, g);
    titleBlock(doc, p, pages);
  }
  doc.end();
  return new Promise((resolve, reject) => {
    out.on('finish', () => resolve({ bytes, pages }));
    out.on('error', reject);
  });
}
