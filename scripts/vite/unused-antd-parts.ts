/**
 * Build plugin: a part of antd's Table that the portal never renders but that the table imports
 * statically, replaced by a component that fails loudly if ever rendered: the column filter's tree
 * (`filterMode: 'tree'`, antd's Tree and most of rc-tree; ~8 KiB brotli on every list page). Every
 * filterable column has its own `filterDropdown` (src/app/fields/filters.tsx);
 * tests/antd-unused-parts.test.ts fails when the app's code starts using the tree filter. Build only.
 */
import type { Plugin } from 'vite';

const STUBS: { importer: RegExp; source: string; name: string }[] = [
  {
    importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/,
    source: '../../../tree',
    name: "a árvore do filtro de coluna (filterMode: 'tree')",
  },
];
const PREFIX = '\0portal-unused-antd:';

export function unusedAntdParts(): Plugin {
  return {
    name: 'portal:unused-antd-parts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const i = STUBS.findIndex((s) => s.source === source && importer && s.importer.test(importer));
      return i < 0 ? null : PREFIX + i;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const { name } = STUBS[Number(id.slice(PREFIX.length))];
      const message = JSON.stringify(`O build do portal não inclui ${name} do antd (scripts/vite/unused-antd-parts.ts).`);
      return `export default function Unused() { throw new Error(${message}); }`;
    },
  };
}
