/**
 * The portal's users a person field offers (`GET /pessoas?q=&perfil=`), one declaration for the
 * field's e-mail box and for the device's site data (issue 26), so the service worker's cache
 * answers the same address offline.
 */
import type { FieldDef } from '../../../../schemas/kinds';
import { authHeaders, getApiUrl } from '../../providers/data-provider';

export interface PersonOption {
  mail: string;
  nome: string;
}

/** The address the field asks for `q` (limited to the roles that can hold the field, when the schema says). */
export function peopleQueryUrl(field: Pick<FieldDef, 'personRoles'>, q: string, apiUrl: string = getApiUrl()): string {
  const params = new URLSearchParams({ q });
  for (const r of field.personRoles ?? []) params.append('perfil', r);
  return `${apiUrl}/pessoas?${params.toString()}`;
}

/** The users matching `q` (none when the API refuses). */
export async function fetchPeople(field: Pick<FieldDef, 'personRoles'>, q: string): Promise<PersonOption[]> {
  const res = await fetch(peopleQueryUrl(field, q), { headers: await authHeaders() });
  const rows: unknown = res.ok ? await res.json() : [];
  return Array.isArray(rows) ? (rows as PersonOption[]) : [];
}
