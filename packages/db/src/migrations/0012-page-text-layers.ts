import { type Kysely, sql } from 'kysely';

/**
 * Where each page's words are (issues 14 and 16): the reader places them, transparent, over the
 * page image, so text can be selected and copied, and find-in-document highlights its hits.
 * `text_layer` is `{ "runs": [[x, y, w, h, "text"], …] }`, each run a piece of text and its box
 * as fractions of the page (0..1, from the top left, rounded to 4 decimals), at most 2,000 runs a
 * page: from pdf.js's text items for pages with a text layer, from Tesseract's words for OCR'd
 * ones. NULL for pages read before this migration: the reader finds in them by page, without
 * highlights on the image, until the document is processed again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE document_pages ADD COLUMN text_layer jsonb`.execute(db);
  await sql`
    ALTER TABLE document_pages ADD CONSTRAINT document_pages_text_layer_shape
    CHECK (text_layer IS NULL OR jsonb_typeof(text_layer -> 'runs') = 'array')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE document_pages DROP COLUMN text_layer`.execute(db);
}
