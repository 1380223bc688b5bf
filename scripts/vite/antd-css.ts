/**
 * Build plugin: antd's styles of the first screens as a static, cacheable CSS file
 * (scripts/antd-css.tsx renders the components under the app's theme and extracts their CSS with
 * antd's cache map), linked first in index.html's <head>. At run time antd then skips generating
 * and injecting those styles, which was the largest part of a list page's main-thread work.
 *
 * The extraction runs in a child process (tsx), so the build process does not load antd's
 * CommonJS build and React's server renderer. Build only; `ANTD_CSS=0` builds without it
 * (antd then writes every style at run time, as in development).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

export function antdCss(): Plugin {
  let config: ResolvedConfig;
  let css = '';
  let fileName = '';
  return {
    name: 'portal:antd-css',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    buildStart() {
      if (process.env.ANTD_CSS === '0') return;
      const r = spawnSync(process.execPath, [join(config.root, 'node_modules/tsx/dist/cli.mjs'), join(config.root, 'scripts/antd-css.tsx')], {
        cwd: config.root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (r.status !== 0 || !r.stdout.includes('data-ant-cssinjs-cache-path')) {
        this.error(`scripts/antd-css.tsx falhou (código ${r.status}):\n${r.stderr}`);
      }
      css = r.stdout;
      fileName = `${config.build.assetsDir}/antd-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    },
    generateBundle() {
      if (css) this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!css) return [];
        return [{ tag: 'link', attrs: { rel: 'stylesheet', href: `${config.base}${fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
