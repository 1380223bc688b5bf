/**
 * Public verification of a signed document (issue 26), mounted on /api/v1/verificar before the
 * sign-in, like the survey links: `GET /:codigo` → whether the document printed or mailed with that
 * code is still the one signed, what was found (`situacao`), its title, and its signatures (role,
 * name, when, valid); a voided document says when, by whom and why (issue 36). Nothing else: no
 * e-mail, IP nor content. Malformed code → 400; unknown → 404 (a signed document is never deleted).
 */
import { schemaByResource } from '../../../schemas';
import type { Db } from '../db/connect';
import { declaredRouter } from '../http/declared-route';
import { ApiError } from '../http/errors';
import { selectOne } from '../crud/record-access';
import { siteForDocument } from '../rdo/report-pdf';
import { normalizeCode } from './code';
import { storedContentHash } from './signed-schema';
import { verificarDocumento, type Verification } from '../../../resources/signatures';
import { signedDocumentOf, type SignedDocument } from './documents';
import { isConcluded, isValid } from './signers';
import { documentOfCode, signaturesOf, type StoredSignature } from './store';
import { formatDateTimeBr } from '../time';

const UNKNOWN = 'Código de verificação inexistente.';

/** A voided document: when, by whom (name only: the page is public) and why. */
export interface VoidedDocument {
  em: string;
  por: string;
  motivo: string;
}

type Verdict = Pick<Verification, 'valido' | 'situacao' | 'mensagem'>;

/** The pt-BR sentence that sums the verification up, what it found, and whether the document is valid. */
export function verdict(doc: SignedDocument, concluded: boolean, signatures: StoredSignature[], hash: string, voided?: VoidedDocument): Verdict {
  if (voided) {
    return {
      valido: false,
      situacao: 'anulado',
      mensagem: `Documento anulado em ${formatDateTimeBr(new Date(voided.em)).replace(', ', ' às ')} por ${voided.por}. Motivo: ${voided.motivo}`,
    };
  }
  const inForce = signatures.filter((s) => !s.anuladaEm);
  if (!inForce.length) {
    return signatures.length
      ? {
          valido: false,
          situacao: 'assinaturas-anuladas',
          mensagem: doc.texts.verifyVoidedSignatures,
        }
      : { valido: false, situacao: 'nao-assinado', mensagem: 'Documento ainda não assinado.' };
  }
  if (!concluded) return { valido: false, situacao: 'em-correcao', mensagem: doc.texts.verifyInCorrection };
  if (inForce.some((s) => !isValid(s, hash))) {
    return { valido: false, situacao: 'conteudo-alterado', mensagem: doc.texts.verifyContentChanged };
  }
  const signedBy = inForce.map((s) => doc.labels[s.papel].toLowerCase());
  const complete = inForce.some((s) => s.papel === 'cliente');
  return {
    valido: true,
    situacao: 'valido',
    mensagem: complete
      ? `Documento válido: o conteúdo é o mesmo que foi assinado (${signedBy.join(' e ')}).`
      : `Documento válido: o conteúdo é o mesmo que foi assinado (${signedBy.join(' e ')}); falta a assinatura do representante do cliente.`,
  };
}

/** The voiding of a record in its document's voided state, as its step stamped it (schemas/diario.ts `anular`). */
function voidedOf(doc: SignedDocument, row: Record<string, unknown>): VoidedDocument | undefined {
  if (!doc.voidedState || row.status !== doc.voidedState) return undefined;
  const by = row.anuladoPor as { nome?: unknown; mail?: unknown } | null;
  const por = (typeof by?.nome === 'string' && by.nome) || 'um administrador do portal';
  const em = row.anuladoEm ? new Date(row.anuladoEm as string).toISOString() : new Date().toISOString();
  return { em, por, motivo: String(row.motivoAnulacao ?? '').trim() || 'não informado.' };
}

export function verifyRoutes(db: Db) {
  const { router, add } = declaredRouter('/verificar');
  add(verificarDocumento, async (_c, req) => {
    const code = normalizeCode(req.params.codigo);
    if (!code) {
      const message = 'Código de verificação inválido: são 10 letras e números, como impresso no documento.';
      throw new ApiError(400, message, { codigo: [message] });
    }
    const doc = await documentOfCode(db, code);
    const schema = doc ? schemaByResource(doc.recurso) : undefined;
    const signed = schema && signedDocumentOf(schema);
    const row = doc && schema && signed ? await selectOne(db, schema, doc.id) : undefined;
    if (!doc || !schema || !signed || !row) throw new ApiError(404, UNKNOWN);
    const signatures = await signaturesOf(db, schema.resource, doc.id);
    const hash = await storedContentHash(db, schema, row);
    const site = await siteForDocument(db, String(row.obra ?? ''));
    return req.reply(200, {
      ...verdict(signed, isConcluded(signed, row), signatures, hash, voidedOf(signed, row)),
      documento: signed.title(row, site),
      assinaturas: signatures.map((s) => ({ papel: s.papel, nome: s.nome, em: s.em, valida: isValid(s, hash) })),
      papeis: { ...signed.labels },
    });
  });
  return router;
}
