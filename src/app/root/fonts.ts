/**
 * Roboto 100–900, bundled through @fontsource/roboto (no external font host) and loaded
 * lazily: each weight is a separate CSS chunk imported after the first paint.
 */
import { FONT_WEIGHTS } from './constants';

type Loader = () => Promise<unknown>;

/** One dynamic import per weight, written out so the bundler can split them. */
const LOADERS: Record<(typeof FONT_WEIGHTS)[number], Loader> = {
  100: () => import('@fontsource/roboto/100.css'),
  200: () => import('@fontsource/roboto/200.css'),
  300: () => import('@fontsource/roboto/300.css'),
  400: () => import('@fontsource/roboto/400.css'),
  500: () => import('@fontsource/roboto/500.css'),
  600: () => import('@fontsource/roboto/600.css'),
  700: () => import('@fontsource/roboto/700.css'),
  800: () => import('@fontsource/roboto/800.css'),
  900: () => import('@fontsource/roboto/900.css'),
};

let loading: Promise<void> | null = null;

/** Loads every Roboto weight once (later calls return the same promise). Failures are ignored. */
export function loadRobotoFonts(loaders: Record<number, Loader> = LOADERS): Promise<void> {
  if (!loading) {
    loading = Promise.allSettled(FONT_WEIGHTS.map((w) => loaders[w]?.())).then(() => undefined);
  }
  return loading;
}

/** Runs `fn` after the first paint (two animation frames; a timeout where rAF is missing). */
export function afterFirstPaint(fn: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const t = setTimeout(fn, 0);
    return () => clearTimeout(t);
  }
  let inner = 0;
  const outer = requestAnimationFrame(() => {
    inner = requestAnimationFrame(fn);
  });
  return () => {
    cancelAnimationFrame(outer);
    if (inner) cancelAnimationFrame(inner);
  };
}
