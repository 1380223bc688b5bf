/**
 * Rollup `treeshake.moduleSideEffects` for the app build: CommonJS packages that libraries import
 * at the top of one big file but that the app never calls. Rollup must assume a CommonJS module
 * has side effects, so `@refinedev/antd`'s `MarkdownField` (react-markdown + remark-gfm + the
 * micromark parser, ~35 KiB gzip) and `@refinedev/core`'s CSV import (papaparse) were shipped
 * with every list although nothing renders Markdown or imports CSV.
 *
 * Declaring these packages side-effect free only drops them when no binding of theirs is used:
 * a screen that does render `<MarkdownField>` still gets the parser. `npm run bench:bundle`
 * shows the effect.
 */
const FREE =
  /\/node_modules\/(?:react-markdown|remark-[\w-]+|micromark[\w-]*|mdast-[\w-]+|unist-[\w-]+|unified|vfile[\w-]*|property-information|hast-[\w-]+|space-separated-tokens|comma-separated-tokens|style-to-object|inline-style-parser|markdown-table|parse-entities|trough|bail|papaparse)\//;

export function moduleSideEffects(id: string): boolean {
  return !FREE.test(id.replace(/\\/g, '/'));
}
