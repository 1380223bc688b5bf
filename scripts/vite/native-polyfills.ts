/**
 * Build plugin: two libraries the browser already provides, replaced by the browser's own.
 * - `resize-observer-polyfill` (imported by antd's rc-resize-observer, ~33 KiB before minifying):
 *   every browser the build targets has `ResizeObserver`.
 * - `object-inspect` (pulled by `qs` → `side-channel` only to format the text of an internal
 *   error, ~32 KiB): a plain `String(value)` gives the same message without the inspector.
 * Build only: the tests (jsdom has no ResizeObserver) keep Node's own resolution.
 */
import type { Plugin } from 'vite';

const STAND_INS: Record<string, string> = {
  'resize-observer-polyfill': 'export default globalThis.ResizeObserver;',
  'object-inspect': 'export default function inspect(value) { return String(value); }',
};
const PREFIX = '\0portal-native:';

export function nativePolyfills(): Plugin {
  return {
    name: 'portal:native-polyfills',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source in STAND_INS ? PREFIX + source : null;
    },
    load(id) {
      return id.startsWith(PREFIX) ? STAND_INS[id.slice(PREFIX.length)] : null;
    },
  };
}
