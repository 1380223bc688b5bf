/**
 * The pagination's total text. An exact total: "1–25 de 1.234 registros". A total the API estimated
 * (`x-total-count-estimate: true`, lists of more than ~100 mil rows): "1–25 de cerca de 1.200.000
 * registros", rounded to two significant digits so it does not pretend to be exact.
 */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

export function listTotalText(total: number, range: [number, number], estimated = false): string {
  const fmt = (n: number) => n.toLocaleString('pt-BR');
  if (estimated) return `${fmt(range[0])}–${fmt(range[1])} de cerca de ${fmt(roundEstimate(total))} registros`;
  return `${range[0]}–${range[1]} de ${total} registro${total === 1 ? '' : 's'}`;
}
