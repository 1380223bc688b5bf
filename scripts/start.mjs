#!/usr/bin/env node
// `npm start`: build the single-page app when its sources changed, then start the API serving it,
// with the embedded database and the local identity stack.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist', 'index.html');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = ['src/app', 'schemas', 'resources', 'src/access', 'index.html', 'vite.config.ts', 'scripts/vite', 'package.json']
  .map((p) => join(root, p))
  .filter(existsSync)
  .map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs));
const stale = !existsSync(dist) || Math.max(...sources) > statSync(dist).mtimeMs || process.env.FORCE_BUILD === '1';
if (stale) {
  console.log('Gerando o aplicativo (vite build)…');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
