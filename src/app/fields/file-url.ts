/**
 * Addresses of stored files (attachments, images). Kept apart from the form widgets so the
 * read-only displays (lists, show pages) do not load the upload and form code.
 */
import type { StoredFile } from '../../../schemas/kinds';
import { getApiUrl } from '../providers/data-provider';

export function fileUrl(file: Pick<StoredFile, 'key' | 'url'>): string {
  return file.url ?? `${getApiUrl()}/arquivos/${encodeURIComponent(file.key)}`;
}

/** The 320 px thumbnail the server keeps of an image (never the full image in a grid). */
export function thumbUrl(file: Pick<StoredFile, 'key'>): string {
  return `${getApiUrl()}/arquivos/${file.key.split('/').map(encodeURIComponent).join('/')}/thumb`;
}
