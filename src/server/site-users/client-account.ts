/**
 * Decision 30 on the directory's own form (`/admin/usuarios`, `POST|PATCH /api/v1/usuarios`): a
 * client account always carries `cliente` and a role that reads its sites, and has at least one
 * site. The site-people screen (service.ts) completes the roles the same way and always gives a site.
 */
import { CLIENT_WITHOUT_SITE, completeClientRoles } from '../../access/site-people';
import { ApiError } from '../http/errors';
import type { WriteRule } from '../crud/hooks-registry';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()) : [];

export const clientAccount: WriteRule = async ({ after }) => {
  if (after.tipo !== 'cliente') return;
  if (!strings(after.obra).length) throw new ApiError(400, CLIENT_WITHOUT_SITE, { obra: [CLIENT_WITHOUT_SITE] });
  const roles = strings(after.roles);
  // A factory-only client (projetista_fabrica) reads its manufacturing; any other gains the site reader.
  const complete = completeClientRoles(roles, roles.includes('projetista_fabrica') ? 'fabricacao' : 'obra');
  if (complete.length !== roles.length || complete.some((r, i) => r !== roles[i])) return { roles: complete };
};
