import type { ColumnType, Generated, Selectable } from 'kysely';

/** Timestamps are written by the database (or as Date/ISO strings) and read as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** Computed by PostgreSQL from other columns; never written. */
type Computed<T> = ColumnType<T, never, never>;

export const DOCUMENT_KINDS = ['notes', 'slides', 'exercises', 'exam', 'summary', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_STATUSES = ['processing', 'ready', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export interface InstitutionsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  country: string | null;
  created_at: Timestamp;
}

export interface SubjectsTable {
  id: Generated<number>;
  slug: string;
  name: string;
}

export interface CoursesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  code: string | null;
  description: Generated<string>;
  subject_id: number;
  institution_id: number;
  /** Media-service public id of the cover image. */
  cover_asset_id: string | null;
  owner_id: string | null;
  published: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  search_vector: Computed<string>;
}

export interface DocumentsTable {
  id: Generated<number>;
  course_id: number;
  slug: string;
  title: string;
  description: Generated<string>;
  kind: DocumentKind;
  /** Media-service public id of the original PDF. */
  media_asset_id: string | null;
  page_count: Generated<number>;
  size_bytes: Generated<number>;
  /** SHA-256 of the original file, hex. */
  checksum: string | null;
  language: Generated<string>;
  status: Generated<DocumentStatus>;
  owner_id: string | null;
  published: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  search_vector: Computed<string>;
}

export interface DocumentPagesTable {
  document_id: number;
  page_number: number;
  /** Text extracted from this page of the PDF. */
  body: string;
  search_vector: Computed<string>;
}

export interface Database {
  institutions: InstitutionsTable;
  subjects: SubjectsTable;
  courses: CoursesTable;
  documents: DocumentsTable;
  document_pages: DocumentPagesTable;
}

export type Course = Selectable<CoursesTable>;
export type Document = Selectable<DocumentsTable>;
export type Institution = Selectable<InstitutionsTable>;
export type Subject = Selectable<SubjectsTable>;
