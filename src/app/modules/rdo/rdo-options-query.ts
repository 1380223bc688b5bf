/** The read of a site's RDO configuration, one declaration for the form and for the device's site data (issue 26). */
import type { CustomParams } from '@refinedev/core';

export function rdoOptionsQuery(apiUrl: string, obra: string): CustomParams {
  return { url: `${apiUrl}/diarios/opcoes`, method: 'get', query: { obra } };
}
