/**
 * What the app knows of its own build (issue 40): package.json's version plus the commit it was built
 * from, given to the app as the constant `__PORTAL_BUILD__` (vite `define`, src/app/root/build-info.ts).
 * The start-up check compares `<version>+<commit>`, so every new build clears the stored session data
 * (docs/specification.md §4), and the versions page and the profile show both.
 *
 * The commit: `BUILD_COMMIT` when the build environment names it (a CI or a container image without
 * `.git`), else `git rev-parse --short=12 HEAD`; without either, the build's own moment stands in
 * (`build-<aaaammddhhmmss>`), so a new build still differs from the previous one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PortalBuild {
  /** package.json's version ("4.0.0"). */
  versao: string;
  /** The commit ("1a2b3c4d5e6f"), or `build-<moment>` when it is unknown. */
  commit: string;
  /** Whether `commit` is a real commit (false: the build's moment stands in). */
  commitConhecido: boolean;
  /** When it was built (ISO 8601, UTC). */
  geradoEm: string;
}

const COMMIT = /^[0-9a-f]{7,40}$/i;

/** The commit of the working tree at `root`, or undefined without git (or outside a repository). */
export function gitCommit(root: string): string | undefined {
  try {
    const out = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 });
    const commit = out.toString().trim();
    return COMMIT.test(commit) ? commit : undefined;
  } catch {
    return undefined;
  }
}

export function portalBuild(root: string, env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): PortalBuild {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const given = env.BUILD_COMMIT?.trim();
  const commit = given && COMMIT.test(given) ? given.slice(0, 12).toLowerCase() : gitCommit(root);
  const geradoEm = now.toISOString();
  return {
    versao: pkg.version,
    commit: commit ?? `build-${geradoEm.replace(/\D/g, '').slice(0, 14)}`,
    commitConhecido: commit !== undefined,
    geradoEm,
  };
}
