/** The browser suite's report when its watchdog stops it: which scenarios passed, failed, were still running. */
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper of the scripts, without types
import { formatSummary, summarizeTap } from '../scripts/lib/tap-summary.mjs';

const TAP = `TAP version 13
# Subtest: o login funciona
    # Subtest: detalhe
    ok 1 - detalhe
ok 1 - o login funciona
  ---
  duration_ms: 1200
  ...
# Subtest: a lista filtra
not ok 2 - a lista filtra
# Subtest: o diário offline
# Subtest: pulado
ok 3 - pulado # SKIP sem navegador
`;

describe('watchdog summary of the browser suite', () => {
  it('names the scenarios that passed, failed and were still running, top level only', () => {
    expect(summarizeTap(TAP)).toEqual({
      passed: ['o login funciona', 'pulado'],
      failed: ['a lista filtra'],
      running: ['o diário offline'],
    });
  });

  it('ends with the plain counts, a scenario cut by the watchdog counted as failed', () => {
    const text = formatSummary(summarizeTap(TAP));
    expect(text).toContain('… o diário offline (interrompido: ainda rodando)');
    expect(text.trim().split('\n').slice(-1)[0]).toBe('2 passed, 2 failed');
  });
});
