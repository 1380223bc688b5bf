/**
 * Tables of stored files (idempotent, run with the core objects at every start):
 * `arquivo` holds one row per upload (server-generated key, sniffed type, uploader, and for photos
 * when and where they were taken);
 * `arquivo_vinculo` says which record and field a file belongs to (written by the server when a
 * record that names the file is saved, or found on first download for files stored before it);
 * `arquivo_marcacao` says which stored file is a marked-up copy of which photo, with its drawing
 * (issue 42: `original` is the unmarked photo, `anterior` the copy a new version was made from).
 */
export const FILE_CORE_SQL: string[] = [
  // When and where a photo was taken, as sent with its upload (read from its EXIF on the device).
  `ALTER TABLE arquivo ADD COLUMN IF NOT EXISTS tirada_em timestamptz,
     ADD COLUMN IF NOT EXISTS latitude double precision, ADD COLUMN IF NOT EXISTS longitude double precision`,
  `CREATE TABLE IF NOT EXISTS arquivo_vinculo (
     key text not null, recurso text not null, registro_id bigint not null, campo text not null,
     criado_em timestamptz not null default now(),
     primary key (key, recurso, registro_id, campo))`,
  `CREATE INDEX IF NOT EXISTS arquivo_vinculo_registro_idx ON arquivo_vinculo (recurso, registro_id)`,
  `CREATE TABLE IF NOT EXISTS arquivo_marcacao (
     key text primary key, original text not null, anterior text, desenho jsonb not null,
     criado_por text not null, criado_em timestamptz not null default now())`,
  `CREATE INDEX IF NOT EXISTS arquivo_marcacao_original_idx ON arquivo_marcacao (original)`,
];
