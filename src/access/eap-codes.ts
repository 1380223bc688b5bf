/**
 * Who may pick the codes of a site's EAP of one area (issue 23: "EAP codes in RDO and OS activities
 * chosen from the site's EAP and checked by the API, for every role that writes them").
 *
 * - Whoever reads that EAP (`read` on `EapOS` of the site and area: the area's administrators and
 *   configurators, `controladoria`, `mkt_read`, `acesso_total`).
 * - Whoever writes work-order daily reports of that area on one of their own sites (`create` on
 *   `DiarioOs` of the site and area, the site in the user's `obra`): the field and automation
 *   technicians. docs/access.md decisions 6 and 7 give them no read on `EapOS`, so they receive only the
 *   pickable items (code, description, parent) through `GET /api/v1/obras/{obra}/eap-codigos`,
 *   never the EAP records themselves (planning, weights, dates, people).
 *
 * Isomorphic: the API enforces it (src/server/modules/eap-codigos.ts), the daily report's form
 * uses it to offer the select instead of a text box (src/app/modules/eap/eap-code-input.tsx).
 */
import { subject } from '@casl/ability';
import type { AppAbility } from './ability-types';

/** The areas of work-order EAPs and daily reports (`EapOS.area`, `DiarioOs.area`). */
export const EAP_AREAS = ['FIELD', 'AUTOMACAO'] as const;
export type EapArea = (typeof EAP_AREAS)[number];

export const isEapArea = (v: unknown): v is EapArea => typeof v === 'string' && (EAP_AREAS as readonly string[]).includes(v);

export function canPickEapCodes(ability: AppAbility, user: { obra?: readonly string[] } | null | undefined, obra: string, area: EapArea): boolean {
  if (!obra) return false;
  if (ability.can('read' as never, subject('EapOS', { obra, area }) as never)) return true;
  const mySite = (user?.obra ?? []).includes(obra);
  return mySite && ability.can('create' as never, subject('DiarioOs', { obra, area }) as never);
}
