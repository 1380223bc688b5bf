/**
 * npm run lint:openapi — the OpenAPI document as the server serves it on a fresh database (the code
 * schemas, no administrator overlays: src/server/schema-config), written to a temporary file and
 * checked by Redocly CLI with the committed ruleset (redocly.yaml). Fails on any error (issue 28).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_SCHEMAS } from '../schemas';
import { openApiDocument } from '../src/server/openapi/document';
import { APP_VERSION } from '../src/server/version';

const dir = mkdtempSync(join(tmpdir(), 'portal-openapi-'));
const file = join(dir, 'openapi.json');
let status = 1;
try {
  writeFileSync(file, JSON.stringify(openApiDocument([...CODE_SCHEMAS], APP_VERSION), null, 2));
  const args = ['redocly', 'lint', file, '--config', 'redocly.yaml', ...process.argv.slice(2)];
  const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
  status = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
