/**
 * Drawing the shapes of a photo markup on a canvas (the editor's overlay and the exported image use
 * the same code, so both look alike), and the raster export: the photo at its natural resolution
 * with the shapes over it. `renderMarkedPhoto` is the one function that needs a real canvas (jsdom
 * has none): the component test stubs it.
 */
import type { MarkupDrawing, MarkupShape } from '../../../../schemas/shared/photo-markup';

/** Stroke width and text size in pixels for a picture of this size (the same proportion on screen and in the export). */
export function penFor(width: number, height: number): { line: number; font: number } {
  const side = Math.min(width, height);
  return { line: Math.max(2, Math.round(side * 0.008)), font: Math.max(14, Math.round(side * 0.05)) };
}

function arrowHead(ctx: CanvasRenderingContext2D, x1: number, y1: number, x2: number, y2: number, size: number) {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  ctx.beginPath();
  ctx.moveTo(x2, y2);
  ctx.lineTo(x2 - size * Math.cos(angle - Math.PI / 7), y2 - size * Math.sin(angle - Math.PI / 7));
  ctx.lineTo(x2 - size * Math.cos(angle + Math.PI / 7), y2 - size * Math.sin(angle + Math.PI / 7));
  ctx.closePath();
  ctx.fill();
}

/** Draws the shapes (coordinates 0–1) over a `width` × `height` area of the context. */
export function drawShapes(ctx: CanvasRenderingContext2D, shapes: readonly MarkupShape[], width: number, height: number): void {
  const pen = penFor(width, height);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = pen.line;
  for (const s of shapes) {
    const pts = s.pontos.map(([x, y]) => [x * width, y * height] as const);
    ctx.strokeStyle = s.cor;
    ctx.fillStyle = s.cor;
    const [a, b] = pts;
    if (s.tipo === 'texto' && a) {
      ctx.font = `bold ${pen.font}px sans-serif`;
      ctx.textBaseline = 'top';
      ctx.lineWidth = Math.max(2, pen.font / 6);
      ctx.strokeStyle = s.cor === '#212121' ? '#ffffff' : '#000000';
      ctx.strokeText(s.texto ?? '', a[0], a[1]);
      ctx.fillText(s.texto ?? '', a[0], a[1]);
      ctx.lineWidth = pen.line;
      continue;
    }
    if (!a || !b) continue;
    ctx.beginPath();
    if (s.tipo === 'livre') {
      ctx.moveTo(a[0], a[1]);
      for (const p of pts.slice(1)) ctx.lineTo(p[0], p[1]);
      ctx.stroke();
    } else if (s.tipo === 'retangulo') {
      ctx.strokeRect(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]));
    } else if (s.tipo === 'circulo') {
      ctx.ellipse((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, Math.abs(b[0] - a[0]) / 2, Math.abs(b[1] - a[1]) / 2, 0, 0, Math.PI * 2);
      ctx.stroke();
    } else if (s.tipo === 'seta') {
      ctx.moveTo(a[0], a[1]);
      ctx.lineTo(b[0], b[1]);
      ctx.stroke();
      arrowHead(ctx, a[0], a[1], b[0], b[1], pen.line * 4);
    }
  }
}

/** Above this, the PNG is re-encoded as JPEG (the server takes up to MARCACAO_MAX_MB, 10 MB by default). */
const PNG_MAX_BYTES = 9 * 1024 * 1024;

const toBlob = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Não foi possível gerar a imagem marcada.'))), type, quality));

/** The photo at its natural resolution with the drawing over it: PNG, or JPEG when the PNG would be too large. */
export async function renderMarkedPhoto(img: HTMLImageElement, drawing: MarkupDrawing): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Este navegador não consegue desenhar a foto marcada.');
  ctx.drawImage(img, 0, 0);
  drawShapes(ctx, drawing.formas, canvas.width, canvas.height);
  const png = await toBlob(canvas, 'image/png');
  return png.size <= PNG_MAX_BYTES ? png : toBlob(canvas, 'image/jpeg', 0.9);
}
