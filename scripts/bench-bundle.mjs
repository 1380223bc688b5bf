#!/usr/bin/env node
// npm run bench:bundle — gzip bytes of the JavaScript a browser loads for /login and for a list page.
// Builds the app (vite build with a manifest), then follows the static and dynamic imports of the
// entry and of the route chunks from the manifest.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const r = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
const manifest = JSON.parse(readFileSync(join(root, 'dist/.vite/manifest.json'), 'utf8'));

function closure(keys) {
  const seen = new Set();
  const visit = (k) => {
    const e = manifest[k];
    if (!e || seen.has(k)) return;
    seen.add(k);
    for (const i of e.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return [...seen].filter((k) => manifest[k].file.endsWith('.js'));
}
const size = (keys) => keys.reduce((n, k) => n + gzipSync(readFileSync(join(root, 'dist', manifest[k].file))).length, 0);
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const find = (re) => Object.keys(manifest).filter((k) => re.test(k));
const base = closure([entry]);
const login = closure([entry, ...find(/auth\/pages\/login/i)]);
const list = closure([entry, ...find(/views\/generic-list/i), ...find(/layouts\//i)]);
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`entrada (sempre carregada): ${kb(size(base))} gzip em ${base.length} arquivos`);
console.log(`/login:                     ${kb(size(login))} gzip em ${login.length} arquivos`);
console.log(`lista (/diarios):           ${kb(size(list))} gzip em ${list.length} arquivos`);
const all = Object.keys(manifest).filter((k) => manifest[k].file.endsWith('.js'));
console.log(`todo o aplicativo:          ${kb(size(all))} gzip em ${all.length} arquivos`);
