/**
 * The PostgreSQL extensions the embedded database loads (PGlite ships them as separate bundles,
 * `@electric-sql/pglite/contrib/*`, given to the instance when it starts): the search across every
 * module (src/server/search) uses `unaccent` (words without accents), `pg_trgm` (codes by part,
 * small typos) and `btree_gin` (one GIN index per module and words). A PostgreSQL server has them in
 * its contrib package; both create them with `CREATE EXTENSION IF NOT EXISTS` (trusted extensions:
 * the database's owner may).
 */
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

export const PGLITE_EXTENSIONS = { btree_gin, pg_trgm, unaccent };
