/**
 * The tables of the signatures of a document of record (issue 26): each signature with the hash of
 * the content it signed, and one verification code per signed record. Registered as core objects by
 * src/server/modules/register.ts (`registerCoreSql`), run at every start.
 */
export const SIGNATURE_CORE_SQL: string[] = [
  `CREATE TABLE IF NOT EXISTS assinatura (
     id serial primary key,
     recurso text not null, registro_id bigint not null,
     papel text not null check (papel in ('responsavel', 'cliente')),
     email text not null, nome text not null,
     metodo text not null check (metodo in ('desenho', 'login')),
     imagem text, ip text, user_agent text,
     hash text not null,
     em timestamptz not null default now(),
     anulada_em timestamptz, anulada_motivo text)`,
  `CREATE INDEX IF NOT EXISTS assinatura_registro_idx ON assinatura (recurso, registro_id, em)`,
  // One signature in force per role and record: a new one needs the previous one voided.
  `CREATE UNIQUE INDEX IF NOT EXISTS assinatura_ativa_idx ON assinatura (recurso, registro_id, papel) WHERE anulada_em IS NULL`,
  `CREATE TABLE IF NOT EXISTS documento_assinado (
     recurso text not null, registro_id bigint not null,
     codigo text not null unique,
     criado_em timestamptz not null default now(),
     primary key (recurso, registro_id))`,
];
