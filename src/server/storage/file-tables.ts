/**
 * Tables of stored files (idempotent, run with the core objects at every start):
 * `arquivo` holds one row per upload (server-generated key, sniffed type, uploader, and for photos
 * when and where they were taken);
 * `arquivo_vinculo` says which record and field a file belongs to (written by the server when a
 * record that names the file is saved, or found on first download for files stored before it).
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
];
