/**
 * The read of a site's EAP for the "Item da EAP" picker, one declaration for the picker and for the
 * device's site data (issue 26): the whole EAP from the site's schedule (the RDO), or the items of
 * one area (the work-order reports).
 */
import type { CustomParams } from '@refinedev/core';

export function eapCodesQuery(apiUrl: string, obra: string, area?: string): CustomParams {
  const site = `${apiUrl}/obras/${encodeURIComponent(obra)}`;
  return area === undefined ? { url: `${site}/cronograma`, method: 'get' } : { url: `${site}/eap-codigos`, method: 'get', query: { area } };
}
