/** Comparing what a person typed in a spreadsheet with the names the portal knows. */

/** Lower case, no accents, no marks of a required column, single spaces: 'Nº do Contrato *' → 'no do contrato'. */
export function normalizeText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/º|°/g, 'o')
    .replace(/ª/g, 'a')
    .replace(/\s*\((obrigatório|obrigatorio)\)\s*$/i, '')
    .replace(/\s*\*\s*$/, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Edit distance, stopped early past `max`. */
export function distance(a: string, b: string, max = 50): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (cur[j] < best) best = cur[j];
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** The candidate closest to `typed` (normalized), when close enough to be a likely typo or a part of it. */
export function closest(typed: string, candidates: Iterable<string>, limit = 5000): string | undefined {
  const t = normalizeText(typed);
  if (!t) return undefined;
  let best: string | undefined;
  let bestScore = Infinity;
  let n = 0;
  for (const c of candidates) {
    if (++n > limit) break;
    const k = normalizeText(c);
    if (!k) continue;
    const contains = k.includes(t) || t.includes(k);
    const d = contains ? Math.abs(k.length - t.length) * 0.1 : distance(t, k, Math.max(3, Math.ceil(t.length / 2)));
    if (d < bestScore) {
      bestScore = d;
      best = c;
    }
  }
  const tolerance = Math.max(2, Math.ceil(t.length / 3));
  return best !== undefined && bestScore <= tolerance ? best : undefined;
}

/** ' Você quis dizer "X"?' or ''. */
export const suggestion = (s: string | undefined) => (s ? ` Você quis dizer "${s}"?` : '');
