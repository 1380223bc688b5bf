/**
 * The record a file widget uploads for: the server checks the right to upload on it (edit or
 * `upload` on the record, or create on the entity for a new one) and the field's accepted types.
 */
import { createContext, useContext } from 'react';

export interface UploadTarget {
  /** REST resource of the record (`diarios`). */
  resource: string;
  /** The record's id when it exists (edit); absent on create. */
  id?: string | number;
}

export const UploadTargetContext = createContext<UploadTarget | undefined>(undefined);

export const useUploadTarget = () => useContext(UploadTargetContext);

/** Query string of an upload: `recurso`, `campo` and, for an existing record, `id`. */
export function uploadQuery(target: UploadTarget | undefined, field: string): string {
  const p = new URLSearchParams();
  if (target?.resource) p.set('recurso', target.resource);
  p.set('campo', field);
  if (target?.id !== undefined && target.id !== null && target.id !== '') p.set('id', String(target.id));
  return p.toString();
}
