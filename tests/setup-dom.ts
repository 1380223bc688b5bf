import '@testing-library/jest-dom/vitest';
import '@ant-design/v5-patch-for-react-19';
import { afterAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { createRequire } from 'node:module';

// findBy*/waitFor wait up to 10 s by default (Testing Library's own default is 1 s): lazy chunks
// (filter widgets, pages) load through Vite's transform, which takes longer than 1 s on a busy CI
// machine; CI failed once on a filter dropdown that took longer to appear than that.
configure({ asyncUtilTimeout: 10_000 });

// antd's CSS-in-JS is computed but not put into the document (its "server" mock, honoured outside
// production builds): with its hundreds of <style> tags, jsdom matched every rule on each
// getComputedStyle (Testing Library calls it for every role query) and antd scanned them on each
// style registration, about 60% of a component test's time. The tests read the DOM, roles and texts;
// what antd's CSS draws is the browser suite's (tests/e2e). The default context is the one antd
// reads when no StyleProvider is above it (the app has none).
const styleContext = createRequire(import.meta.url)('@ant-design/cssinjs/lib/StyleContext.js').default as { _currentValue: { mock?: string } };
styleContext._currentValue.mock = 'server';

// A test file may run in Node (`@vitest-environment node`: the device outbox uses Node's Blob and
// FormData, which fake-indexeddb can store): then there is no window to complete.
if (typeof window !== 'undefined') {
  // antd and Refine read these browser APIs, which jsdom lacks. Width queries are answered for
  // window.innerWidth (jsdom: 1024 px, a small desktop); a test may set innerWidth = 390 for a phone.
  function widthMatches(query: string): boolean {
    const w = window.innerWidth;
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    if (!min && !max) return false;
    return (!min || w >= Number(min[1])) && (!max || w <= Number(max[1]));
  }
  window.matchMedia = (query: string) =>
    ({
      matches: widthMatches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  const { getComputedStyle } = window;
  window.getComputedStyle = (elt: Element, pseudo?: string | null) => getComputedStyle(elt, pseudo ?? undefined);
}

// React's scheduler posts its work with setImmediate. Work posted as a file's last test ends (the
// unmount's effect clean-ups, an answer that arrived late) ran after Vitest had removed jsdom's window
// and failed the whole run with "window is not defined" though every test passed (29/11/2026, in
// src/app/modules/plantas/pin-actions.test.tsx). The file's own afterAll hooks run before this one
// (hooks after tests run in reverse order): unmount what is left, then let the posted work run out.
afterAll(async () => {
  cleanup();
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 10));
});
