/**
 * The search index's objects (issue 39), created at every start (`registerCoreSql`, idempotent),
 * identical on PGlite (which loads the extensions' bundles, src/server/db/pglite-extensions.ts) and
 * on a PostgreSQL server:
 *
 * - extensions `unaccent`, `pg_trgm`, `btree_gin`; the text search configuration `portal_busca`:
 *   PostgreSQL's `portuguese` with `unaccent` before the Portuguese stemmer ("ação" = "acao");
 * - `busca_registro`: one row per indexed record (entity, id, last change) with two weighted
 *   vectors — `interno`, every searchable field; `externo`, without the internal fields and without
 *   any e-mail address (people by name only) — and `codigos`, the record's codes and numbers
 *   normalised (letters and digits only: "MAM-2025-0003" → "mam20250003"), from non-internal fields;
 * - `busca_palavra`: the words (4 to 30 letters, no accents) of the external texts, for the
 *   corrections of small typos ("guidaste" → "guindaste") by trigram similarity;
 * - `arquivo_texto`: the text of each attached file that has one (PDF, Word, Excel, PowerPoint, text),
 *   read once in the background (file-text-job.ts; `texto` null: read, nothing to index);
 * - `busca_fonte`: per entity, the statement that indexes one record (also as the function
 *   `portal_busca_<entity>(id)`, whose plan each connection makes once) and its fingerprint;
 * - the trigger: every write of a record writes its history entry (`auditoria`) in the write's
 *   transaction (src/server/crud/audit.ts: create, update, transition, delete to the trash, restore,
 *   revert, import); a DEFERRED constraint trigger on that table calls, at the commit of the same
 *   transaction, the entity's function for the record as it then is (gone: its row leaves the index).
 */
export const SEARCH_CONFIG = 'portal_busca';

export const SEARCH_CORE_SQL: string[] = [
  `CREATE EXTENSION IF NOT EXISTS unaccent`,
  `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
  `CREATE EXTENSION IF NOT EXISTS btree_gin`,
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = '${SEARCH_CONFIG}') THEN
       CREATE TEXT SEARCH CONFIGURATION ${SEARCH_CONFIG} (COPY = portuguese);
       ALTER TEXT SEARCH CONFIGURATION ${SEARCH_CONFIG} ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;
     END IF;
   END $$`,
  `CREATE TABLE IF NOT EXISTS busca_registro (
     entidade text not null, registro_id bigint not null, atualizado_em timestamptz not null default now(),
     interno tsvector not null, externo tsvector not null, codigos text not null default ' ',
     primary key (entidade, registro_id))`,
  `CREATE INDEX IF NOT EXISTS busca_registro_interno_idx ON busca_registro USING gin (entidade, interno)`,
  `CREATE INDEX IF NOT EXISTS busca_registro_externo_idx ON busca_registro USING gin (entidade, externo)`,
  `CREATE INDEX IF NOT EXISTS busca_registro_codigos_idx ON busca_registro USING gin (entidade, codigos gin_trgm_ops)`,
  `CREATE TABLE IF NOT EXISTS busca_palavra (palavra text primary key)`,
  `CREATE TABLE IF NOT EXISTS arquivo_texto (key text primary key, texto text, lido_em timestamptz not null default now())`,
  `CREATE INDEX IF NOT EXISTS busca_palavra_trgm_idx ON busca_palavra USING gin (palavra gin_trgm_ops)`,
  `CREATE TABLE IF NOT EXISTS busca_fonte (
     entidade text primary key, recurso text not null unique, comando text not null, impressao text not null,
     reconstruida_em timestamptz not null default now())`,
  // Each entity's statement is a function of its own (sync.ts), so that its plan is made once per
  // connection; the trigger only looks the function up and calls it.
  `ALTER TABLE busca_fonte ADD COLUMN IF NOT EXISTS funcao text`,
  `CREATE OR REPLACE FUNCTION portal_busca_auditoria() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE fn text;
   BEGIN
     SELECT funcao INTO fn FROM busca_fonte WHERE recurso = NEW.recurso;
     IF fn IS NOT NULL THEN EXECUTE 'SELECT ' || fn || '($1)' USING NEW.registro_id; END IF;
     RETURN NULL;
   END $$`,
  // Created once (no lock on the history table at later starts, while other processes write).
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'portal_busca' AND tgrelid = 'auditoria'::regclass) THEN
       CREATE CONSTRAINT TRIGGER portal_busca AFTER INSERT ON auditoria DEFERRABLE INITIALLY DEFERRED
         FOR EACH ROW EXECUTE FUNCTION portal_busca_auditoria();
     END IF;
   END $$`,
];
