#!/usr/bin/env node
// `npm start`: build the single-page app when its sources changed, then start the API serving it,
// with the embedded database and the local identity stack.
import { spawn } from 'node:child_process';
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
if (stale) await buildApp();

/**
 * `vite build`, showing where it is: its phases (not the list of every file it writes), and how long
 * it has been running every 20 s — on a busy machine the build takes minutes.
 */
async function buildApp() {
  const t0 = Date.now();
  const secs = () => Math.round((Date.now() - t0) / 1000);
  console.log('Gerando o aplicativo (vite build); na primeira vez leva de 1 a alguns minutos…');
  const child = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const phases = [
    [/transforming/, 'lendo e transformando o código'],
    [/modules transformed/, 'código transformado'],
    [/rendering chunks/, 'gerando os arquivos'],
    [/computing gzip/, 'medindo os arquivos'],
    [/Building .*service worker/, 'gerando o service worker (uso sem conexão)'],
    [/precache/, 'lista de arquivos para uso sem conexão pronta'],
  ];
  const shown = new Set();
  let rest = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      // Vite's warnings and errors, not the list of the files it wrote ('dist/… 12 kB │ gzip: …').
      if ((/^\(!\)/.test(line) || /\berror\b/i.test(line)) && !line.includes('│')) console.log(line);
      for (const [re, text] of phases) {
        if (!shown.has(text) && re.test(line)) {
          shown.add(text);
          console.log(`  … ${text} (${secs()} s)`);
        }
      }
    }
  });
  const beat = setInterval(() => console.log(`  … ainda gerando o aplicativo (${secs()} s)`), 20_000);
  const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  clearInterval(beat);
  if (code !== 0) {
    console.error('A geração do aplicativo falhou (veja as mensagens acima).');
    process.exit(code);
  }
  console.log(`Aplicativo gerado em ${secs()} s.`);
}

const server = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
