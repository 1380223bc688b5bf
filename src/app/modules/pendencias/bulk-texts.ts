/**
 * The sentences of the bulk action bar of "Minhas pendências": the confirmation and the summary,
 * with the action's label quoted (a label is any step's name, "Aprovar" or "Devolver para revisão")
 * and singular / plural right.
 */

const pendencias = (n: number) => (n === 1 ? '1 pendência' : `${n} pendências`);

/** `"Aprovar" nas 3 pendências selecionadas?` / `"Aprovar" na pendência selecionada?` */
export function bulkConfirmText(label: string, n: number): string {
  return n === 1 ? `"${label}" na pendência selecionada?` : `"${label}" nas ${n} pendências selecionadas?`;
}

/**
 * `Feito: "Aprovar" em 3 pendências.`; with failures `Feito: "Aprovar" em 2 pendências. Não foi
 * possível em 1.`; none done `Não foi possível fazer "Aprovar" em nenhuma das 3 pendências.`
 */
export function bulkResultText(label: string, done: number, failed: number): string {
  if (!done) {
    return failed === 1
      ? `Não foi possível fazer "${label}" na pendência selecionada.`
      : `Não foi possível fazer "${label}" em nenhuma das ${failed} pendências.`;
  }
  return `Feito: "${label}" em ${pendencias(done)}.${failed ? ` Não foi possível em ${failed}.` : ''}`;
}
