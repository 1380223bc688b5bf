#!/usr/bin/env node
// `npm run test:e2e`: the portal driven in Debian's Chromium (/usr/bin/chromium) through playwright-core.
//
// 1. Starts the portal as the README does (`npm start` = `node scripts/start.mjs`) on a free PORT, with a
//    fresh temporary DATA_DIR and PUBLIC_URL=http://localhost:<port>, in its own process group.
// 2. Waits for GET /api/v1/health, reads GET /api/v1/config (oauth.domain = the local corporate sign-in)
//    and the SPKI hash of its self-signed certificate (DATA_DIR/idp-cert/cert.pem).
// 3. Runs the scenarios of tests/e2e/*.test.mjs with Node's test runner (`node --test`).
// 4. ALWAYS stops everything it started: the portal's process group, the test runner's process group
//    and any Chromium left behind by a crashed test process (found by this run's marker switch, by pid).
//
// Output: the spec reporter on stdout, then the summary `# pass N` / `# fail N` and `N passed, N failed`.
// Exit code: 0 only when every scenario passed.
//
// Environment: E2E_FILTER=<substring of a test file name> runs a subset; E2E_KEEP=1 keeps the DATA_DIR
// and logs; E2E_HOLD=1 only starts the portal and waits (development); E2E_CONCURRENCY (default 3) test files at a time; E2E_TIMEOUT_MS (default 1800000) watchdog.
import { spawn } from 'node:child_process';
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, closeSync } from 'node:fs';
import { freePort } from './lib/free-port.mjs';
import { formatSummary, summarizeTap } from './lib/tap-summary.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const e2eDir = join(root, 'tests', 'e2e');
const shotsDir = join(e2eDir, 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const runId = `e2e-${process.pid}-${randomBytes(4).toString('hex')}`;
const t0 = Date.now();

const children = []; // { name, pid } process-group leaders we spawned (detached)
let cleaning = null;
let workDir = '';
let serverLog = '';
let tapFile = '';

function log(msg) {
  process.stdout.write(`[e2e] ${msg}\n`);
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Chromium processes of this run (launched with `--e2e-run=<runId>`), by pid from /proc. */
function strayChromiumPids() {
  const pids = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (cmd.includes(`--e2e-run=${runId}`)) pids.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return pids;
}

async function killGroup(pid, name) {
  if (!groupAlive(pid)) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  for (let i = 0; i < 50 && groupAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (groupAlive(pid)) {
    log(`${name} (grupo ${pid}) não terminou em 5 s: SIGKILL`);
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

function cleanup() {
  if (cleaning) return cleaning;
  cleaning = (async () => {
    for (const c of [...children].reverse()) await killGroup(c.pid, c.name);
    for (const pid of strayChromiumPids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    if (workDir && process.env.E2E_KEEP !== '1') rmSync(workDir, { recursive: true, force: true });
    else if (workDir) log(`dados e logs mantidos em ${workDir}`);
  })();
  return cleaning;
}

let exiting = false;
async function finish(code) {
  if (exiting) return;
  exiting = true;
  await cleanup();
  log(`tempo total: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  process.exit(code);
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    log(`${sig}: encerrando`);
    finish(130);
  });
}
process.on('uncaughtException', (e) => {
  console.error(e);
  finish(1);
});
process.on('unhandledRejection', (e) => {
  console.error(e);
  finish(1);
});

function tail(file, n = 60) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-n).join('\n');
  } catch {
    return '(sem log)';
  }
}

async function waitForHealth(base, proc, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  proc.once('exit', (code, signal) => (exited = { code, signal }));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`o portal terminou antes de responder (código ${exited.code}, sinal ${exited.signal})`);
    try {
      const r = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return await r.json().catch(() => ({}));
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`GET ${base}/api/v1/health sem resposta em ${timeoutMs / 1000} s`);
}

/** base64(sha256(SubjectPublicKeyInfo DER)): the form `--ignore-certificate-errors-spki-list` expects. */
function spkiHash(certPem) {
  const x = new X509Certificate(certPem);
  const der = x.publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

/**
 * The screenshot tours (9x-screens-*, 2–3 minutes each) start first: in name order they started
 * last and ran on alone at the end of the run while the other slots were idle.
 */
function longestFirst(a, b) {
  const tour = (f) => (/^9\d-screens-/.test(f) ? 0 : 1);
  return tour(a) - tour(b) || a.localeCompare(b);
}

function testFiles() {
  const filter = process.env.E2E_FILTER;
  return readdirSync(e2eDir)
    .filter((f) => f.endsWith('.test.mjs'))
    .filter((f) => !filter || filter.split(',').some((s) => f.includes(s.trim())))
    .sort(longestFirst)
    .map((f) => join('tests', 'e2e', f));
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} não existe: instale o Chromium do Debian (apt-get install -y chromium)`);
  }
  const files = testFiles();
  if (files.length === 0) throw new Error('nenhum cenário em tests/e2e/*.test.mjs');

  const watchdogMs = Number(process.env.E2E_TIMEOUT_MS ?? 1_800_000);
  setTimeout(() => {
    log(`tempo limite de ${watchdogMs / 1000} s excedido; o que a execução já sabia:`);
    // The TAP report has every scenario that ended; those started and not ended were cut.
    const tap = tapFile && existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
    process.stdout.write(formatSummary(summarizeTap(tap)));
    finish(124);
  }, watchdogMs).unref();

  workDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const dataDir = join(workDir, 'data');
  mkdirSync(dataDir);
  mkdirSync(shotsDir, { recursive: true });
  serverLog = join(workDir, 'server.log');

  // The local identity stack listens on fixed default ports (9229/9230) unless told otherwise: free
  // ports for it too, so the run does not clash with a portal already running on this machine.
  const [port, cognitoPort, idpPort] = [await freePort(), await freePort(), await freePort()];
  const base = `http://localhost:${port}`;
  log(`portal: npm start (node scripts/start.mjs) em ${base}, DATA_DIR=${dataDir}`);
  const logFd = openSync(serverLog, 'a');
  const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      COGNITO_PORT: String(cognitoPort),
      IDP_PORT: String(idpPort),
      // The rate limit runs (counted in the database) but never refuses: parallel scenarios share the demo users.
      API_RATE_LIMIT_PER_MIN: process.env.API_RATE_LIMIT_PER_MIN ?? '1000000',
      API_RATE_LIMIT_ANON_PER_MIN: process.env.API_RATE_LIMIT_ANON_PER_MIN ?? '1000000',
    },
  });
  closeSync(logFd);
  children.push({ name: 'portal', pid: server.pid });

  try {
    await waitForHealth(base, server, Number(process.env.E2E_START_TIMEOUT_MS ?? 240_000));
  } catch (e) {
    log(`${e.message}\n--- log do portal ---\n${tail(serverLog)}`);
    throw e;
  }
  log(`portal no ar em ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const config = await (await fetch(`${base}/api/v1/config`)).json();
  const idpDomain = config?.oauth?.domain;
  if (!idpDomain) throw new Error(`GET /api/v1/config sem oauth.domain: ${JSON.stringify(config)}`);
  const certPath = join(dataDir, 'idp-cert', 'cert.pem');
  if (!existsSync(certPath)) throw new Error(`certificado do login corporativo não encontrado em ${certPath}`);
  const spki = spkiHash(readFileSync(certPath, 'utf8'));
  log(`login corporativo local: https://${idpDomain} (certificado aceito só pela chave SPKI ${spki})`);

  const testEnv = {
    E2E_BASE_URL: base,
    E2E_IDP_DOMAIN: idpDomain,
    E2E_IDP_SPKI: spki,
    E2E_DATA_DIR: dataDir,
    E2E_RUN_ID: runId,
    E2E_SHOTS_DIR: shotsDir,
    E2E_CHROMIUM: CHROMIUM,
    E2E_SERVER_LOG: serverLog,
  };
  if (process.env.E2E_HOLD === '1') {
    // Development aid: keep the portal up (Ctrl-C stops it) and print the scenarios' environment.
    log(
      `E2E_HOLD: portal no ar; rode um cenário com:\n${Object.entries(testEnv)
        .map(([k, v]) => `${k}='${v}'`)
        .join(' ')} node --test tests/e2e/<arquivo>`,
    );
    await new Promise(() => {});
  }

  // Screenshots are per run: drop the previous run's (the folder is git-ignored and only ours).
  if (!process.env.E2E_FILTER) for (const f of readdirSync(shotsDir)) if (f.endsWith('.png')) rmSync(join(shotsDir, f));

  const concurrency = Number(process.env.E2E_CONCURRENCY ?? 3);
  tapFile = join(workDir, 'report.tap');
  const args = [
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    ...files,
  ];
  const runner = spawn(process.execPath, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...testEnv },
  });
  children.push({ name: 'node --test', pid: runner.pid });
  const code = await new Promise((resolve) => runner.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));

  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (k) => {
    const m = tap.match(new RegExp(`^# ${k} (\\d+)$`, 'm'));
    return m ? Number(m[1]) : 0;
  };
  const pass = count('pass');
  const fail = count('fail');
  const skipped = count('skipped');
  const todo = count('todo');
  if (code !== 0 || fail > 0) log(`--- fim do log do portal ---\n${tail(serverLog, 30)}`);
  process.stdout.write(`# pass ${pass}\n# fail ${fail}\n# skipped ${skipped}\n# todo ${todo}\n`);
  process.stdout.write(`${pass} passed, ${fail} failed\n`);
  return code !== 0 || fail > 0 || (pass === 0 && fail === 0) ? 1 : 0;
}

main().then(
  (code) => finish(code),
  (e) => {
    console.error(`[e2e] ${e instanceof Error ? e.message : e}`);
    process.stdout.write('# pass 0\n# fail 1\n0 passed, 1 failed\n');
    finish(1);
  },
);
