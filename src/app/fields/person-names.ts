/**
 * People by name, not by address: the names of the portal users behind a few e-mail addresses
 * (the authors in a record's history, "Criado por …"), looked up in the staff directory
 * (`GET /pessoas?q=<e-mail>`, one request per distinct address, cached). The directory is staff-only:
 * an external reader (client, supplier, law firm) is not sent there at all (it would answer 403) and
 * keeps what the API sent, which for them is already a name (person fields carry `{ mail, nome }`,
 * staff addresses are masked); an address without a portal user stays as it is.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { authHeaders, getApiUrl } from '../providers/data-provider';
import { useCurrentUser } from '../access/ability-context';
import { isExternalUser } from '../../access/user';

const MAIL = /^[^\s@]+@[^\s@]+$/;

/** Distinct lower-case addresses among the values (anything else is left out). */
export function distinctMails(values: unknown[]): string[] {
  const out = new Set<string>();
  for (const v of values) if (typeof v === 'string' && MAIL.test(v.trim())) out.add(v.trim().toLowerCase());
  return [...out].sort();
}

/** address → name, for the addresses the directory knows. */
export async function fetchPersonNames(mails: string[], fetcher: typeof fetch = fetch): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const headers = await authHeaders().catch(() => ({}));
  await Promise.all(
    mails.map(async (mail) => {
      const res = await fetcher(`${getApiUrl()}/pessoas?${new URLSearchParams({ q: mail }).toString()}`, { headers }).catch(() => undefined);
      if (!res?.ok) return;
      const rows = (await res.json().catch(() => [])) as { mail?: string; nome?: string }[];
      const hit = Array.isArray(rows) ? rows.find((r) => typeof r.mail === 'string' && r.mail.toLowerCase() === mail) : undefined;
      if (hit?.nome) names.set(mail, hit.nome);
    }),
  );
  return names;
}

const NONE = new Map<string, string>();

/** The names of the given addresses (an empty map until they arrive). */
export function usePersonNames(values: unknown[]): Map<string, string> {
  const mails = useMemo(() => distinctMails(values), [values]);
  const user = useCurrentUser();
  // The staff directory refuses external users: they read names from the record itself.
  const external = !!user && isExternalUser(user);
  const { data } = useQuery({
    queryKey: ['nomes-pessoas', mails.join(',')],
    queryFn: () => fetchPersonNames(mails),
    enabled: mails.length > 0 && !external,
    staleTime: 5 * 60_000,
    retry: false,
  });
  // An external reader's own address (their replies) is shown with their own name.
  const own = external && user?.email && user.name ? user.email.toLowerCase() : undefined;
  const ownName = user?.name;
  return useMemo(() => (own && ownName ? new Map([[own, ownName]]) : (data ?? NONE)), [own, ownName, data]);
}

/** A person as people call them: the name when known, else what was stored. */
export function personName(names: Map<string, string>, value: unknown): string {
  if (typeof value !== 'string') return value === null || value === undefined ? '' : String(value);
  return names.get(value.trim().toLowerCase()) ?? value;
}
