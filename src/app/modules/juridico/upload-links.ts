/**
 * "Enviar documento" of a legal case (decision 29): the upload pages a person may open from the
 * case, each with the case filled in (`/juridico/enviarDocumentos/{tipo}?processo={id}`).
 * Whoever uploads any document to the case (its partner law firm, the legal administrator) gets
 * one link that leaves the type to choose; the case's responsible persons get their own type
 * (`dp` with upload_dp, `seg` with upload_seg), as the API checks on the case.
 */
import type { Action } from '../../../access/subjects';
import type { PodeCheck } from '../../access/pode';

export interface CaseUploadLink {
  key: 'documento' | 'dp' | 'seg';
  label: string;
  to: string;
}

/** `pode`: the current person's check (`usePodeCheck()`), made on the case record. */
export function caseUploadLinks(pode: (check: PodeCheck) => boolean, record: Record<string, unknown>): CaseUploadLink[] {
  const id = record.id;
  if (id === undefined || id === null || id === '') return [];
  const can = (action: Action) => pode({ I: action, a: 'ProcessoJuridico', this: record });
  const to = (tipo: CaseUploadLink['key']) => `/juridico/enviarDocumentos/${tipo}?processo=${encodeURIComponent(String(id))}`;
  if (can('upload') || can('create')) return [{ key: 'documento', label: 'Enviar documento', to: to('documento') }];
  const out: CaseUploadLink[] = [];
  if (can('upload_dp')) out.push({ key: 'dp', label: 'Enviar documentos DP', to: to('dp') });
  if (can('upload_seg')) out.push({ key: 'seg', label: 'Enviar documentos SEG', to: to('seg') });
  return out;
}
