#!/usr/bin/env node
// npm run bench:bundle — the JavaScript a browser downloads for /login, a list page, a show page and
// a dashboard of the production build, gzip and brotli (the bytes on the wire: the build writes
// .br/.gz copies, the server sends them by Accept-Encoding).
//
// Builds the app with Vite into a temporary directory (dist/ is left alone), then follows the Vite
// manifest from the entry through the dynamic imports each route loads:
//   /login      entry + the login page chunk (Amplify follows after the first paint, shown apart)
//   lista       entry + the signed-in app (src/app/app.tsx: Refine, layout, Amplify) + the entity page
//               (it holds the generic list; filter widgets, export, show/edit/create load on demand;
//               the menu's icon set follows as the menu first renders, and at phone width the
//               cards that replace the table, both shown apart)
//   exibição    the list's chunks + the daily report's show view (src/app/modules/rdo/diario-show.tsx)
//   painel      entry + the signed-in app + the dashboard page + its charts
// and says whether chart, PDF, calendar or exceljs code is in the entry, /login or the list.
// Also prints the stylesheet index.html links on every page (antd's pre-written styles, scripts/vite/antd-css.ts).
// Prints figures; fails nothing. BUNDLE_DIST=<dir> measures an existing build (with .vite/manifest.json).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
let dist = process.env.BUNDLE_DIST;
const modulesOf = new Map(); // chunk file → module ids (only when this script builds)
const moduleBytes = new Map(); // module id → rendered bytes (minified, before compression)
let tmp;
if (!dist) {
  tmp = mkdtempSync(join(tmpdir(), 'portal-bench-bundle-'));
  dist = tmp;
  const { build } = await import('vite');
  const t0 = Date.now();
  await build({
    root,
    logLevel: 'error',
    build: { outDir: dist, emptyOutDir: true, manifest: true },
    plugins: [
      {
        name: 'bench:modules',
        generateBundle(_o, bundle) {
          for (const [file, chunk] of Object.entries(bundle))
            if (chunk.type === 'chunk') {
              modulesOf.set(file, Object.keys(chunk.modules));
              for (const [id, m] of Object.entries(chunk.modules)) moduleBytes.set(id, m.renderedLength);
            }
        },
      },
    ],
  });
  console.log(`build: ${((Date.now() - t0) / 1000).toFixed(0)} s em ${dist}\n`);
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/** Static closure (the chunk and what it imports) of manifest keys. */
function closure(keys) {
  const seen = new Set();
  const visit = (k) => {
    if (!manifest[k] || seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return [...seen].filter((k) => manifest[k].file.endsWith('.js'));
}

const sizeCache = new Map();
function sizes(file) {
  if (!sizeCache.has(file)) {
    const p = join(dist, file);
    const raw = readFileSync(p);
    const gz = existsSync(`${p}.gz`) ? statSync(`${p}.gz`).size : gzipSync(raw, { level: 9 }).length;
    const br = existsSync(`${p}.br`) ? statSync(`${p}.br`).size : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sizeCache.set(file, { raw: raw.length, gz, br });
  }
  return sizeCache.get(file);
}
const total = (keys) =>
  keys.reduce(
    (t, k) => {
      const s = sizes(manifest[k].file);
      return { raw: t.raw + s.raw, gz: t.gz + s.gz, br: t.br + s.br };
    },
    { raw: 0, gz: 0, br: 0 },
  );
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

const HEAVY = [
  ['gráficos', /@ant-design\/(charts|plots)|\/@antv\/|modules\/dashboard\/charts|s-curve-chart/],
  ['PDF', /\/pdfmake\/|\/rdo\/pdf/],
  ['calendário', /modules\/schedule\/|\/antd\/es\/calendar\/(?!locale)/],
  ['exceljs', /\/exceljs\//],
];
function heavyIn(keys) {
  const found = new Set();
  for (const k of keys) {
    const file = manifest[k].file;
    const mods = modulesOf.get(file) ?? [];
    for (const [label, re] of HEAVY) {
      if (mods.some((m) => re.test(m))) found.add(label);
      // Without module lists (BUNDLE_DIST): the vendor chunks are named after their library.
      if (!modulesOf.size && re.test(file.replace(/^assets\//, '/assets/') + ' ' + k)) found.add(label);
      if (
        !modulesOf.size &&
        /^assets\/(charts|pdfmake|exceljs)-/.test(file) &&
        label === { charts: 'gráficos', pdfmake: 'PDF', exceljs: 'exceljs' }[file.split('/')[1].split('-')[0]]
      )
        found.add(label);
    }
  }
  return found.size ? [...found].join(', ') : 'nenhum';
}

// A module's chunk: its manifest key (a dynamic entry) or, when Rollup merged it into a shared chunk, the chunk's name.
const chunkOf = (src, name) => Object.keys(manifest).filter((k) => k === src || (k.startsWith('_') && manifest[k].name === name));
const app = chunkOf('src/app/app.tsx', 'app');
const entity = chunkOf('src/app/pages/entity-page.tsx', 'entity-page');
const show = chunkOf('src/app/modules/rdo/diario-show.tsx', 'diario-show');
const dashboard = [...chunkOf('src/app/modules/dashboard/dashboard-page.tsx', 'dashboard-page'), ...chunkOf('src/app/modules/dashboard/charts.tsx', 'charts')];
const amplify = [...chunkOf('src/app/auth/auth-provider.ts', 'auth-provider'), ...chunkOf('src/app/auth/amplify.ts', 'amplify')];
const menuIcons = chunkOf('src/app/layouts/icons.tsx', 'icons');
const phoneCards = chunkOf('src/app/views/list-cards.tsx', 'list-cards');
const loginPage = chunkOf('src/app/auth/pages/login-page.tsx', 'login-page');
const entry = closure([entryKey]);
const routes = [
  ['entrada (sempre carregada)', entry],
  ['/login (até renderizar)', closure([entryKey, ...loginPage])],
  ['/login + Amplify (após a 1ª pintura)', closure([entryKey, ...loginPage, ...amplify])],
  ['lista (/diarios)', closure([entryKey, ...app, ...entity])],
  ['lista + ícones do menu (logo após)', closure([entryKey, ...app, ...entity, ...menuIcons])],
  ['lista no telefone (+ cartões)', closure([entryKey, ...app, ...entity, ...phoneCards])],
  ['exibição (/diarios/:id)', closure([entryKey, ...app, ...entity, ...show])],
  ['painel (dashboard + gráficos)', closure([entryKey, ...app, ...dashboard])],
];
const all = Object.keys(manifest).filter((k) => manifest[k].file.endsWith('.js'));
routes.push(['todo o aplicativo', all]);

console.log('rota                                   gzip        brotli     arquivos   código pesado');
for (const [label, keys] of routes) {
  const t = total(keys);
  const heavy = label === 'todo o aplicativo' ? '' : heavyIn(keys);
  console.log(`${label.padEnd(38)} ${kib(t.gz).padStart(11)} ${kib(t.br).padStart(11)} ${String(keys.length).padStart(8)}   ${heavy}`);
}

// Stylesheets index.html links (every page; render-blocking): antd's pre-written styles (scripts/vite/antd-css.ts).
const css = [...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
for (const file of css) {
  const s = sizes(file);
  console.log(`${`CSS de todas as páginas: ${file.replace(/^assets\//, '')}`.padEnd(38)} ${kib(s.gz).padStart(11)} ${kib(s.br).padStart(11)}`);
}

for (const [label, keys, n] of [
  ['/login', routes[1][1], 8],
  ['da lista', routes[3][1], 16],
]) {
  console.log(`\nmaiores arquivos ${label}:`);
  for (const k of [...keys].sort((a, b) => sizes(manifest[b].file).gz - sizes(manifest[a].file).gz).slice(0, n)) {
    const s = sizes(manifest[k].file);
    console.log(`  ${manifest[k].file.padEnd(44)} ${kib(s.gz).padStart(10)} gzip ${kib(s.br).padStart(10)} br`);
  }
}
// BUNDLE_MODULES=1: the biggest source modules of the list page (minified bytes), grouped by package or folder.
if (process.env.BUNDLE_MODULES && modulesOf.size) {
  const groups = new Map();
  for (const k of routes[3][1]) {
    for (const id of modulesOf.get(manifest[k].file) ?? []) {
      const m = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:(?:es|lib|dist|esm)\/)?([^/]+)?/);
      const key = m ? `${m[1]}/${m[2] ?? ''}` : id.replace(root, '').replace(/\/[^/]+$/, '/');
      groups.set(key, (groups.get(key) ?? 0) + (moduleBytes.get(id) ?? 0));
    }
  }
  console.log('\nmaiores módulos da lista (minificado, antes da compressão):');
  for (const [key, bytes] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${key.padEnd(60)} ${kib(bytes).padStart(10)}`);
}
if (tmp) rmSync(tmp, { recursive: true, force: true });
