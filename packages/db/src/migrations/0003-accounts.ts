import { type Kysely, sql } from 'kysely';

/**
 * Members: the sign-in library's tables (better-auth, mapped to snake_case by
 * apps/web/src/auth/auth-options.ts; a test there checks the two agree), plus what members
 * do with the catalogue: follow courses and bookmark documents.
 *
 * Ids of users are better-auth's random text ids. `courses.owner_id` and `documents.owner_id`
 * (text since 0001) now reference users; deleting an account deletes its documents in the
 * application first (their media assets must go too), the foreign keys only keep the rows
 * consistent if something else deletes a user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id text PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL UNIQUE,
      email_verified boolean NOT NULL DEFAULT false,
      image text,
      role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
      banned boolean DEFAULT false,
      ban_reason text,
      ban_expires timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      ip_address text,
      user_agent text,
      impersonated_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_idx ON sessions (user_id)`.execute(db);

  await sql`
    CREATE TABLE accounts (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      account_id text NOT NULL,
      provider_id text NOT NULL,
      access_token text,
      refresh_token text,
      id_token text,
      access_token_expires_at timestamptz,
      refresh_token_expires_at timestamptz,
      scope text,
      password text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX accounts_user_idx ON accounts (user_id)`.execute(db);

  await sql`
    CREATE TABLE verifications (
      id text PRIMARY KEY,
      identifier text NOT NULL,
      value text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX verifications_identifier_idx ON verifications (identifier)`.execute(db);

  // Rate limits live in the database so every web replica counts the same attempts.
  await sql`
    CREATE TABLE rate_limits (
      id text PRIMARY KEY,
      key text NOT NULL UNIQUE,
      count integer NOT NULL,
      last_request bigint NOT NULL
    )`.execute(db);

  await sql`
    ALTER TABLE courses
      ADD CONSTRAINT courses_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE SET NULL`.execute(
    db,
  );
  await sql`
    ALTER TABLE documents
      ADD CONSTRAINT documents_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE SET NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE course_follows (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, course_id)
    )`.execute(db);
  // Follower counts on the course page.
  await sql`CREATE INDEX course_follows_course_idx ON course_follows (course_id)`.execute(db);

  await sql`
    CREATE TABLE document_bookmarks (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, document_id)
    )`.execute(db);
  await sql`CREATE INDEX document_bookmarks_document_idx ON document_bookmarks (document_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS document_bookmarks, course_follows`.execute(db);
  await sql`ALTER TABLE documents DROP CONSTRAINT IF EXISTS documents_owner_fk`.execute(db);
  await sql`ALTER TABLE courses DROP CONSTRAINT IF EXISTS courses_owner_fk`.execute(db);
  await sql`DROP TABLE IF EXISTS rate_limits, verifications, accounts, sessions, users`.execute(db);
}
