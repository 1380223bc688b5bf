/**
 * The app's version as built (issue 40): package.json's version and the commit, from the build
 * (`__PORTAL_BUILD__`, defined by vite.config.ts from scripts/vite/build-info.ts). The start-up check
 * (src/app/root/version-check.ts) compares `BUILD_VERSION`, so a new build clears the stored session
 * data; the versions page and the profile show `APP_VERSION` and the commit.
 */

export interface PortalBuild {
  versao: string;
  commit: string;
  commitConhecido: boolean;
  /** ISO 8601; empty when unknown. */
  geradoEm: string;
}

declare const __PORTAL_BUILD__: PortalBuild | undefined;

/** Outside a Vite build or test (a plain `tsx` run) nothing is defined: an obviously unknown build. */
const UNKNOWN: PortalBuild = { versao: '0.0.0', commit: 'desconhecido', commitConhecido: false, geradoEm: '' };

export const PORTAL_BUILD: PortalBuild = typeof __PORTAL_BUILD__ !== 'undefined' && __PORTAL_BUILD__ ? __PORTAL_BUILD__ : UNKNOWN;

/** The version people read ("4.0.0"): package.json's, the latest release note's. */
export const APP_VERSION: string = PORTAL_BUILD.versao;

/** What the start-up check stores and compares: version and commit ("4.0.0+1a2b3c4d5e6f"). */
export const BUILD_VERSION: string = `${PORTAL_BUILD.versao}+${PORTAL_BUILD.commit}`;

const pad = (n: number) => String(n).padStart(2, '0');

/** "28/11/2026 14:03" in the browser's time zone; '' when unknown. */
export function buildDateBr(iso: string = PORTAL_BUILD.geradoEm): string {
  const d = iso ? new Date(iso) : undefined;
  if (!d || Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "4.0.0 (1a2b3c4d5e6f)" — or "4.0.0 (geração de 28/11/2026 14:03)" when the commit is unknown. */
export function buildLabel(build: PortalBuild = PORTAL_BUILD): string {
  if (build.commitConhecido) return `${build.versao} (${build.commit})`;
  const when = buildDateBr(build.geradoEm);
  return when ? `${build.versao} (geração de ${when})` : build.versao;
}
