/**
 * "Enviar documento" of a legal case (decision 29): the upload pages a person may open from the
 * case, each with the case filled in (`/juridico/enviarDocumentos/{tipo}?processo={id}`).
 * Whoever uploads any document to the case (its partner law firm, the legal administrator) gets
 * one link that leaves the type to choose; the case's responsible persons get their own type
 * (`dp` with upload_dp, `seg` with upload_seg), as the API checks on the case.
 */
import { subject } from '@casl/ability';
import type { AppAbility } from '../../../access/ability';

export interface CaseUploadLink {
  key: 'documento' | 'dp' | 'seg';
  label: string;
  to: string;
}

export function caseUploadLinks(ability: AppAbility, record: Record<string, unknown>): CaseUploadLink[] {
  const id = record.id;
  if (id === undefined || id === null || id === '') return [];
  const processo = subject('ProcessoJuridico', { ...record });
  const can = (action: string) => {
    try {
      return ability.can(action as never, processo as never);
    } catch {
      return false;
    }
  };
  const to = (tipo: CaseUploadLink['key']) => `/juridico/enviarDocumentos/${tipo}?processo=${encodeURIComponent(String(id))}`;
  if (can('upload') || can('create')) return [{ key: 'documento', label: 'Enviar documento', to: to('documento') }];
  const out: CaseUploadLink[] = [];
  if (can('upload_dp')) out.push({ key: 'dp', label: 'Enviar documentos DP', to: to('dp') });
  if (can('upload_seg')) out.push({ key: 'seg', label: 'Enviar documentos SEG', to: to('seg') });
  return out;
}
