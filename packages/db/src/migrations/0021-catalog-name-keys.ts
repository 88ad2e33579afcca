import { type Kysely, sql } from 'kysely';

/**
 * Institutions and subjects named by members (issue 30, docs/courses.md): one row per name,
 * whatever its case, accents or spacing, so "Université Laval", "universite laval" and
 * " UNIVERSITE  LAVAL " are the same institution.
 *
 * `name_key` is computed by the database from `name` for every writer (the app, the seed, tests,
 * a manual INSERT), and its unique index is what settles two members creating "MIT" at the same
 * moment: the second INSERT … ON CONFLICT finds the first's row. The key folds compatibility
 * forms (full-width letters, ligatures: NFKC), drops accents (unaccent, which also spells ß as ss
 * and Ł as L), lower-cases every script under the built-in `pg_c_utf8` collation (the server's
 * own locale may be C, which lower-cases ASCII only; needs PostgreSQL 17 or later) and collapses
 * spaces. A SQL-standard function body binds `unaccent` and its dictionary when created, so the
 * stored keys never depend on a session's search_path.
 *
 * Rows that already share a key are merged into the oldest (its courses moved) before the unique
 * index is built. Who created a row is not recorded: nothing needs it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql`
    CREATE FUNCTION catalog_name_key(name text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN btrim(regexp_replace(
      lower(unaccent('unaccent'::regdictionary, normalize(name, NFKC)) COLLATE "pg_c_utf8"),
      '[[:space:]]+', ' ', 'g'))`.execute(db);

  for (const [table, column] of [
    ['institutions', 'institution_id'],
    ['subjects', 'subject_id'],
  ] as const) {
    await sql`
      ALTER TABLE ${sql.table(table)}
      ADD COLUMN name_key text NOT NULL GENERATED ALWAYS AS (catalog_name_key(name)) STORED`.execute(
      db,
    );
    await sql`
      WITH duplicates AS (
        SELECT id, min(id) OVER (PARTITION BY name_key) AS kept FROM ${sql.table(table)}
      ), moved AS (
        UPDATE courses c SET ${sql.ref(column)} = d.kept
        FROM duplicates d
        WHERE ${sql.ref(`c.${column}`)} = d.id AND d.id <> d.kept
      )
      DELETE FROM ${sql.table(table)} t USING duplicates d WHERE t.id = d.id AND d.id <> d.kept`.execute(
      db,
    );
    await sql`
      CREATE UNIQUE INDEX ${sql.id(`${table}_name_key`)} ON ${sql.table(table)} (name_key)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE institutions DROP COLUMN name_key`.execute(db);
  await sql`ALTER TABLE subjects DROP COLUMN name_key`.execute(db);
  await sql`DROP FUNCTION catalog_name_key(text)`.execute(db);
}
