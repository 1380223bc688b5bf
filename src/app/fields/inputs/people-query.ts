/**
 * The portal's users a person field offers (`GET /pessoas?q=&perfil=`, and `&obra=` for a field
 * of the site's people), one declaration for the field's e-mail box and for the device's site data
 * (issue 26), so the service worker's cache answers the same address offline.
 */
import type { FieldDef } from '../../../../schemas/kinds';
import { apiCall } from '../../providers/api-client';
import { getApiUrl } from '../../providers/data-provider';

export interface PersonOption {
  mail: string;
  nome: string;
}

type PersonField = Pick<FieldDef, 'personRoles' | 'personOfSite'>;

/**
 * The address the field asks for `q` (limited to the roles that can hold the field, when the schema
 * says; and to the people of site `obra`, for a `personOfSite` field).
 */
export function peopleQueryUrl(field: PersonField, q: string, apiUrl: string = getApiUrl(), obra?: string): string {
  const params = new URLSearchParams({ q });
  for (const r of field.personRoles ?? []) params.append('perfil', r);
  if (field.personOfSite && obra) params.set('obra', obra);
  return `${apiUrl}/pessoas?${params.toString()}`;
}

/** The users matching `q` (none when the API refuses). */
export async function fetchPeople(field: PersonField, q: string, obra?: string): Promise<PersonOption[]> {
  const rows = await apiCall<unknown>(peopleQueryUrl(field, q, '', obra)).catch(() => []);
  return Array.isArray(rows) ? (rows as PersonOption[]) : [];
}
