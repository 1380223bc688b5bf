/** The answer of `GET/POST /{resource}/{id}/assinaturas` (diarios, rits): the signatures, who signs next and whether the caller may. */
import type { EntitySchema } from '../../../schemas/kinds';
import { isExternalUser, type PortalUser } from '../../access/user';
import type { Db } from '../db/connect';
import { storedContentHash } from './signed-schema';
import { signedDocument } from './documents';
import { isValid, nextSigner, refusal } from './signers';
import { codeOf, signaturesOf } from './store';
import type { SignaturesView, SignatureView } from '../../../resources/signatures';

export type { SignaturesView, SignatureView };

/** What the caller sees of the record's signatures (`row`: the record as stored). */
export async function signaturesView(db: Db, schema: EntitySchema, row: Record<string, unknown>, user: PortalUser): Promise<SignaturesView> {
  const id = Number(row.id);
  const signatures = await signaturesOf(db, schema.resource, id);
  const codigo = await codeOf(db, schema.resource, id);
  const hash = await storedContentHash(db, schema, row);
  const external = isExternalUser(user);
  const me = user.email.toLowerCase();
  const doc = signedDocument(schema);
  const refused = refusal(doc, row, doc.signerRoleOf(user, row), signatures, hash);
  return {
    codigo,
    hashAtual: hash,
    assinaturas: signatures.map((s) => {
      // Decision 29: an external reader gets nobody's address, IP or browser but their own.
      const hidden = external && s.email.toLowerCase() !== me;
      return {
        id: s.id,
        papel: s.papel,
        nome: s.nome,
        email: hidden ? '' : s.email,
        metodo: s.metodo,
        em: s.em,
        ip: hidden ? '' : (s.ip ?? ''),
        userAgent: hidden ? '' : (s.userAgent ?? ''),
        hash: s.hash,
        valida: isValid(s, hash),
        anuladaEm: s.anuladaEm,
        anuladaMotivo: s.anuladaMotivo,
        imagem: s.imagem,
      };
    }),
    proxima: nextSigner(doc, row, signatures, hash),
    podeAssinar: !refused,
    motivo: refused?.message ?? null,
    papeis: { ...doc.labels },
  };
}
