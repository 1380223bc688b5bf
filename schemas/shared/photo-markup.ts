/**
 * The drawing of a marked-up photo (issue 42): shapes over the photo in coordinates normalised to
 * its size (0–1, origin top left), kept with the marked-up copy so the drawing can be edited again.
 * Shared by the server (POST /arquivos/{key}/marcacao checks it) and the app's editor.
 */

export const MARKUP_TOOLS = ['seta', 'circulo', 'retangulo', 'livre', 'texto'] as const;
export type MarkupTool = (typeof MARKUP_TOOLS)[number];

/** The five colours of the editor, with their pt-BR names. */
export const MARKUP_COLORS = [
  { value: '#e53935', label: 'Vermelho' },
  { value: '#fbc02d', label: 'Amarelo' },
  { value: '#43a047', label: 'Verde' },
  { value: '#1e88e5', label: 'Azul' },
  { value: '#212121', label: 'Preto' },
] as const;

export const MARKUP_LIMITS = {
  /** Shapes in one drawing. */
  shapes: 100,
  /** Points of one freehand line. */
  freehandPoints: 500,
  /** Characters of one text. */
  text: 120,
  /** The drawing as JSON, in characters (the multipart field itself stops at 64 KB). */
  jsonChars: 60_000,
} as const;

export interface MarkupShape {
  tipo: MarkupTool;
  cor: string;
  /** [x, y] pairs in 0–1: two (start and end; the box of a circle or rectangle), one for a text, several for a freehand line. */
  pontos: [number, number][];
  texto?: string;
}

export interface MarkupDrawing {
  formas: MarkupShape[];
}

const COLOR_VALUES: readonly string[] = MARKUP_COLORS.map((c) => c.value);
const isUnit = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;

/** Checks a drawing as received (JSON text); answers it, or the pt-BR reason it is refused. */
export function parseMarkup(raw: string | undefined): { value?: MarkupDrawing; error?: string } {
  if (raw === undefined || raw === '') return { error: 'Envie o desenho da marcação no campo "desenho" (JSON).' };
  if (raw.length > MARKUP_LIMITS.jsonChars) {
    return { error: `O desenho da marcação é grande demais (máximo de ${MARKUP_LIMITS.jsonChars.toLocaleString('pt-BR')} caracteres).` };
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { error: 'O desenho da marcação não é um JSON válido.' };
  }
  const formas = (data as { formas?: unknown } | null)?.formas;
  if (!data || typeof data !== 'object' || !Array.isArray(formas)) return { error: 'O desenho da marcação deve ser um objeto com a lista "formas".' };
  if (!formas.length) return { error: 'O desenho da marcação está vazio: desenhe ao menos uma forma.' };
  if (formas.length > MARKUP_LIMITS.shapes) return { error: `O desenho tem ${formas.length} formas; o máximo é ${MARKUP_LIMITS.shapes}.` };
  const out: MarkupShape[] = [];
  for (const [i, s] of formas.entries()) {
    const n = i + 1;
    if (!s || typeof s !== 'object') return { error: `A forma ${n} do desenho é inválida.` };
    const { tipo, cor, pontos, texto } = s as Record<string, unknown>;
    if (!MARKUP_TOOLS.includes(tipo as MarkupTool)) return { error: `A forma ${n} tem um tipo desconhecido: use ${MARKUP_TOOLS.join(', ')}.` };
    if (typeof cor !== 'string' || !COLOR_VALUES.includes(cor.toLowerCase())) {
      return { error: `A forma ${n} tem uma cor não permitida: use ${MARKUP_COLORS.map((c) => `${c.value} (${c.label.toLowerCase()})`).join(', ')}.` };
    }
    const ok = Array.isArray(pontos) && pontos.every((p) => Array.isArray(p) && p.length === 2 && isUnit(p[0]) && isUnit(p[1]));
    if (!ok) return { error: `A forma ${n} tem pontos inválidos: cada ponto é [x, y] com valores de 0 a 1.` };
    const count = (pontos as unknown[]).length;
    const wanted = tipo === 'texto' ? count === 1 : tipo === 'livre' ? count >= 2 && count <= MARKUP_LIMITS.freehandPoints : count === 2;
    if (!wanted) {
      const rule = tipo === 'texto' ? 'um ponto' : tipo === 'livre' ? `de 2 a ${MARKUP_LIMITS.freehandPoints} pontos` : 'dois pontos (início e fim)';
      return { error: `A forma ${n} (${String(tipo)}) deve ter ${rule}.` };
    }
    const shape: MarkupShape = { tipo: tipo as MarkupTool, cor: cor.toLowerCase(), pontos: pontos as [number, number][] };
    if (tipo === 'texto') {
      const t = typeof texto === 'string' ? texto.trim() : '';
      if (!t || t.length > MARKUP_LIMITS.text) return { error: `O texto da forma ${n} deve ter de 1 a ${MARKUP_LIMITS.text} caracteres.` };
      shape.texto = t;
    }
    out.push(shape);
  }
  return { value: { formas: out } };
}
