import { describe, expect, it } from 'vitest';
import { defineAbilityFor } from '../../../access/ability';
import type { PortalUser } from '../../../access/user';
import { podeCheck, type PodeCheck } from '../../access/pode';
import { caseUploadLinks } from './upload-links';

const person = (email: string, roles: string[], tipo = 'staff', empresa: string[] = ['Portal Engenharia']): PortalUser => ({
  id_user: email,
  username: email,
  email,
  name: email,
  empresa,
  obra: [],
  roles,
  tipo,
});
const FIRM = person('escritorio@portal.local', ['escritorio'], 'escritorio', ['23456789000195']);
const LEGAL = person('juridico@portal.local', ['leitura_juridico']);
/** The person's check, as `usePodeCheck()` gives it to the buttons. */
const podeOf = (u: PortalUser) => (check: PodeCheck) => podeCheck(defineAbilityFor(u), check);
const CASE = { id: 7, numero: '1002345-67.2024.5.03.0028', escritorio: '23456789000195', responsavelDp: { mail: 'juridico@portal.local', nome: 'Júlia' } };

describe('upload links of a legal case (decision 29)', () => {
  it('the law firm conducting the case: one "Enviar documento", the case filled in, the type left to choose', () => {
    expect(caseUploadLinks(podeOf(FIRM), CASE)).toEqual([
      { key: 'documento', label: 'Enviar documento', to: '/juridico/enviarDocumentos/documento?processo=7' },
    ]);
    // Another firm's case: nothing.
    expect(caseUploadLinks(podeOf(FIRM), { ...CASE, escritorio: '11222333000181' })).toEqual([]);
  });

  it('the responsible DP person uploads DP documents of their case only; a reader of every case uploads nothing', () => {
    expect(caseUploadLinks(podeOf(LEGAL), CASE)).toEqual([{ key: 'dp', label: 'Enviar documentos DP', to: '/juridico/enviarDocumentos/dp?processo=7' }]);
    expect(caseUploadLinks(podeOf(LEGAL), { ...CASE, responsavelDp: { mail: 'outra@portal.local' } })).toEqual([]);
    expect(caseUploadLinks(podeOf(LEGAL), { ...CASE, responsavelDp: undefined, responsavelSeg: { mail: 'juridico@portal.local' } })).toEqual([
      { key: 'seg', label: 'Enviar documentos SEG', to: '/juridico/enviarDocumentos/seg?processo=7' },
    ]);
  });

  it('the legal administrator gets the general upload; a record without id gets none', () => {
    expect(caseUploadLinks(podeOf(person('adm@portal.local', ['admin_juridico'])), CASE).map((l) => l.key)).toEqual(['documento']);
    expect(caseUploadLinks(podeOf(FIRM), { ...CASE, id: undefined })).toEqual([]);
  });
});
