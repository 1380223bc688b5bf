/**
 * The pagination's total text, in Brazilian number format. An exact total: "1–25 de 1.234
 * registros". A total the API estimated (`x-total-count-estimate: true`, lists of more than ~10 mil
 * rows): "1–25 de cerca de 1.200.000 registros", rounded to two significant digits so it does not
 * pretend to be exact. A count the API stopped at its limit (`x-total-count-at-least: true`, the
 * total is a lower bound): "1–25 de mais de 1.000 registros".
 */
export type TotalKind = 'exact' | 'estimate' | 'atLeast';

export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

const fmt = (n: number) => n.toLocaleString('pt-BR');

/** The total alone: "1.234", "cerca de 1.200.000", "mais de 1.000". */
export function totalText(total: number, kind: TotalKind = 'exact'): string {
  if (kind === 'estimate') return `cerca de ${fmt(roundEstimate(total))}`;
  // A lower bound N means "at least N", i.e. more than N - 1.
  if (kind === 'atLeast') return `mais de ${fmt(Math.max(0, total - 1))}`;
  return fmt(total);
}

/** "1 registro", "1.234 registros", "mais de 1.000 registros". */
export function recordsText(total: number, kind: TotalKind = 'exact'): string {
  return `${totalText(total, kind)} registro${kind !== 'exact' || total !== 1 ? 's' : ''}`;
}

export function listTotalText(total: number, range: [number, number], kind: TotalKind = 'exact'): string {
  return `${fmt(range[0])}–${fmt(range[1])} de ${recordsText(total, kind)}`;
}

/** The kind of a getList result's total (the data provider's `totalEstimated` / `totalAtLeast` flags). */
export function totalKindOf(result: object | undefined): TotalKind {
  const flags = result as { totalEstimated?: boolean; totalAtLeast?: boolean } | undefined;
  if (flags?.totalEstimated) return 'estimate';
  if (flags?.totalAtLeast) return 'atLeast';
  return 'exact';
}

/**
 * The caption of a sum under a related list: "Valor total" for "Valor total" (already a total),
 * "Valor total" for "Valor", "Horas totais" for "Horas".
 */
export function sumLabel(label: string): string {
  if (/\btota(l|is)\b/i.test(label)) return label;
  return /s$/i.test(label) ? `${label} totais` : `${label} total`;
}
