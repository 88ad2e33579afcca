/**
 * Limits of migration 0001's CHECK constraints, checked first by the schemas (so the message is
 * ours) and by the forms. A file of their own, so forms can import them without zod.
 */
export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_DESCRIPTION_MAX = 10_000;
