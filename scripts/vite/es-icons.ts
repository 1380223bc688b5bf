/**
 * Build plugin: `@ant-design/icons/<Name>` (a CommonJS file that loads antd's CommonJS icon
 * runtime, used by @ant-design/pro-layout's PageHeader in every list) resolves to the ES module
 * `@ant-design/icons/es/icons/<Name>`, so lists share the ES icon runtime the app already loads
 * instead of shipping a second, CommonJS copy (and rc-util's CommonJS build with it).
 * Build only: the tests keep Node's own resolution.
 */
import type { Plugin } from 'vite';

export function esIcons(): Plugin {
  return {
    name: 'portal:es-icons',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const m = /^@ant-design\/icons\/([A-Z]\w+)$/.exec(source);
      if (!m) return null;
      return this.resolve(`@ant-design/icons/es/icons/${m[1]}`, importer, { skipSelf: true });
    },
  };
}
