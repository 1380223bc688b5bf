/**
 * The local identity stack's data in a backup (issue 35): without the `COGNITO_*` variables the
 * accounts, password hashes, second-factor secrets and app client live in cognito-local's files
 * under `DATA_DIR/cognito` (src/server/identity/README.md), and the corporate sign-in stand-in's
 * certificate in `DATA_DIR/idp-cert`. Both are copied to the backup's `identidade/` folder, each file
 * hashed in the manifest, and put back by the restore, so a portal restored on a new machine keeps
 * its accounts, passwords and TOTP enrolments. With real Cognito the accounts live outside the
 * portal and nothing is copied.
 *
 * The emulator (StormDB) rewrites a whole JSON file on each change, without a temporary file: a
 * file read while it is being written does not parse, and is read again until it does.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { identityConfigFromEnv } from '../auth/identity-config';

/** The backup's folder of the local identity's files. */
export const IDENTITY_DIR = 'identidade';
/** What is copied, under DATA_DIR. */
export const IDENTITY_PARTS = ['cognito', 'idp-cert'] as const;

export type IdentityFiles = Record<string, { sha256: string; bytes: number }>;

/** DATA_DIR when the portal runs the local identity stack (no Cognito configured), else undefined. */
export function localIdentityDataDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    return identityConfigFromEnv(env) ? undefined : dataDir;
  } catch {
    return undefined; // an incomplete Cognito configuration: the portal does not start the local stack either
  }
}

function filesOf(dataDir: string): string[] {
  const out: string[] = [];
  for (const part of IDENTITY_PARTS) {
    const dir = join(dataDir, part);
    if (!existsSync(dir)) continue;
    for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (statSync(join(dir, rel)).isFile()) out.push(`${part}/${rel.split('\\').join('/')}`);
    }
  }
  return out.sort();
}

/** A file's bytes once complete: JSON files are read again (up to ~2 s) while they do not parse. */
async function readWhole(path: string): Promise<Buffer> {
  for (let i = 0; ; i++) {
    const body = readFileSync(path);
    if (!path.endsWith('.json')) return body;
    try {
      JSON.parse(body.toString('utf8'));
      return body;
    } catch (e) {
      if (i >= 40) throw new Error(`${path} não é um JSON válido: a cópia da identidade local não pôde ser feita (${(e as Error).message}).`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Copies the local identity's files into `<backup>/identidade`; their hashes (empty when there are none). */
export async function copyIdentity(dataDir: string, backup: string): Promise<IdentityFiles> {
  const out: IdentityFiles = {};
  for (const rel of filesOf(dataDir)) {
    const source = join(dataDir, rel);
    const body = await readWhole(source);
    const target = join(backup, IDENTITY_DIR, rel);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, body, { mode: statSync(source).mode & 0o777 });
    out[rel] = { sha256: createHash('sha256').update(body).digest('hex'), bytes: body.length };
  }
  return out;
}

/** A manifest's identity entry as a path under DATA_DIR: only inside the copied folders (anything else is refused). */
export function identityKeyPath(rel: string): string {
  const parts = rel.split('/');
  if (
    !(IDENTITY_PARTS as readonly string[]).includes(parts[0]) ||
    parts.length < 2 ||
    parts.some((p) => p === '..' || p === '.' || p === '') ||
    rel.includes('\u0000')
  ) {
    throw new Error(`Caminho inválido na identidade do manifesto: ${JSON.stringify(rel)}`);
  }
  return rel;
}

/** Whether DATA_DIR already holds a local identity (a pool's files). */
export const identityHasData = (dataDir: string) => filesOf(dataDir).some((rel) => rel.startsWith('cognito/db/'));

/**
 * Puts the backup's identity files in DATA_DIR; what was there (a pool created by a first start) is
 * moved aside to `<part>.antes-da-restauracao-<stamp>`, not deleted.
 */
export function restoreIdentity(backup: string, files: IdentityFiles, dataDir: string, stamp: string): void {
  for (const part of IDENTITY_PARTS) {
    const dir = join(dataDir, part);
    if (existsSync(dir)) renameSync(dir, `${dir}.antes-da-restauracao-${stamp}`);
  }
  for (const rel of Object.keys(files)) {
    const target = join(dataDir, identityKeyPath(rel));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(join(backup, IDENTITY_DIR, rel), target, { preserveTimestamps: true });
  }
}
