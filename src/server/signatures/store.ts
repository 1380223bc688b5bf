/** Reading and writing the signatures of a record and its verification code (tables.ts). */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { newVerificationCode } from './code';

import type { SignerRole, SignMethod } from '../../../schemas/signature-types';

export type { SignerRole, SignMethod };

/** One signature as stored. */
export interface StoredSignature {
  id: number;
  papel: SignerRole;
  email: string;
  nome: string;
  metodo: SignMethod;
  imagem: string | null;
  ip: string | null;
  userAgent: string | null;
  hash: string;
  /** ISO timestamps. */
  em: string;
  anuladaEm: string | null;
  anuladaMotivo: string | null;
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** Every signature of the record (voided ones included), oldest first. */
export async function signaturesOf(db: Db, recurso: string, id: number): Promise<StoredSignature[]> {
  const r = await sql<Record<string, unknown>>`
    select id, papel, email, nome, metodo, imagem, ip, user_agent, hash, em, anulada_em, anulada_motivo
    from assinatura where recurso = ${recurso} and registro_id = ${id} order by em, id`.execute(db);
  return r.rows.map((x) => ({
    id: Number(x.id),
    papel: x.papel as SignerRole,
    email: String(x.email),
    nome: String(x.nome),
    metodo: x.metodo as SignMethod,
    imagem: (x.imagem as string | null) ?? null,
    ip: (x.ip as string | null) ?? null,
    userAgent: (x.user_agent as string | null) ?? null,
    hash: String(x.hash),
    em: iso(x.em)!,
    anuladaEm: iso(x.anulada_em),
    anuladaMotivo: (x.anulada_motivo as string | null) ?? null,
  }));
}

/** The record's verification code, null before its first signature. */
export async function codeOf(db: Db, recurso: string, id: number): Promise<string | null> {
  const r = await sql<{ codigo: string }>`select codigo from documento_assinado where recurso = ${recurso} and registro_id = ${id}`.execute(db);
  return r.rows[0]?.codigo ?? null;
}

/** The record's code, created at its first signature (a new random code on the rare collision). */
export async function ensureCode(db: Db, recurso: string, id: number): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    // ON CONFLICT DO NOTHING covers both the record's key and a code already taken, without aborting the transaction.
    await sql`insert into documento_assinado (recurso, registro_id, codigo) values (${recurso}, ${id}, ${newVerificationCode()}) on conflict do nothing`.execute(
      db,
    );
    const code = await codeOf(db, recurso, id);
    if (code) return code;
  }
  throw new Error('Could not create a verification code.');
}

/** The record a code names, or undefined. */
export async function documentOfCode(db: Db, code: string): Promise<{ recurso: string; id: number } | undefined> {
  const r = await sql<{ recurso: string; registro_id: string | number }>`select recurso, registro_id from documento_assinado where codigo = ${code}`.execute(
    db,
  );
  return r.rows[0] ? { recurso: r.rows[0].recurso, id: Number(r.rows[0].registro_id) } : undefined;
}

export async function insertSignature(
  db: Db,
  s: {
    recurso: string;
    id: number;
    papel: SignerRole;
    email: string;
    nome: string;
    metodo: SignMethod;
    imagem: string | null;
    ip: string;
    userAgent: string;
    hash: string;
  },
): Promise<void> {
  await sql`insert into assinatura (recurso, registro_id, papel, email, nome, metodo, imagem, ip, user_agent, hash)
    values (${s.recurso}, ${s.id}, ${s.papel}, ${s.email}, ${s.nome}, ${s.metodo}, ${s.imagem}, ${s.ip}, ${s.userAgent}, ${s.hash})`.execute(db);
}

/** Voids the record's signatures in force (all, or one role's); returns how many. */
export async function voidSignatures(db: Db, recurso: string, id: number, motivo: string, papel?: SignerRole): Promise<number> {
  const r = await sql`update assinatura set anulada_em = now(), anulada_motivo = ${motivo.slice(0, 4000)}
    where recurso = ${recurso} and registro_id = ${id} and anulada_em is null ${papel ? sql`and papel = ${papel}` : sql``}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
