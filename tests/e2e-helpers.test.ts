/** The browser suite's pages start past the session's first-load overlay with the app's own key (tests/e2e/helpers.mjs). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOADING_OVERLAY_SEEN_KEY } from '../src/app/root/constants';

describe('browser helpers', () => {
  it('mark the overlay as seen under the key the app reads (else every page waits ~4.5 s again)', () => {
    const helpers = readFileSync(new URL('./e2e/helpers.mjs', import.meta.url), 'utf8');
    expect(helpers).toContain(`const LOADING_OVERLAY_SEEN_KEY = '${LOADING_OVERLAY_SEEN_KEY}';`);
  });
});
