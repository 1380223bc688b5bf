/**
 * Build plugin: `@refinedev/antd` from the TypeScript sources its package ships (`src/`) instead
 * of `dist/index.mjs`. The dist is one 300 KB module, and Rollup cannot split a module: every
 * page that used any of it (a list's buttons, say) got all the parts the app uses anywhere —
 * useForm with antd's Form, field store and validator, the modal and drawer forms, Edit, Show,
 * the upload helpers… From the sources each hook and component is a module of its own, so a list
 * page loads what a list uses and a form page what a form uses. Same code: the package builds
 * its dist from these files. The sources use their package's path aliases (@components, @hooks,
 * @definitions, @contexts; see its tsconfig.json), resolved here.
 * Build only: type checking and the tests keep the dist.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const ALIASES = ['components', 'hooks', 'definitions', 'contexts'];

export function refineAntdSrc(): Plugin {
  let src = '';
  return {
    name: 'portal:refine-antd-src',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      const require = createRequire(join(config.root, 'package.json'));
      const pkg = dirname(dirname(require.resolve('@refinedev/antd'))); // …/dist/index.cjs
      if (existsSync(join(pkg, 'src/index.tsx'))) src = join(pkg, 'src');
    },
    resolveId(source, importer) {
      if (!src) return null;
      if (source === '@refinedev/antd') return join(src, 'index.tsx');
      if (!importer?.startsWith(src)) return null;
      const m = /^@(\w+)(\/.*)?$/.exec(source);
      if (!m || !ALIASES.includes(m[1])) return null;
      return this.resolve(join(src, m[1], m[2] ?? ''), importer, { skipSelf: true });
    },
  };
}
