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

/**
 * A visitor activity event (migration 0002). `received_at` is the time inside the event's
 * UUIDv7 `event_id` (the partition key, so a duplicate id is stored once); `stored_at` is the
 * server's clock at insert; `date` is the client's clock as sent.
 */
export interface EventsTable {
  event_id: string;
  received_at: ColumnType<Date, Date | string, Date | string>;
  type: string;
  name: string;
  action: string;
  date: ColumnType<Date | null, Date | string | null, Date | string | null>;
  environment: string | null;
  app: string | null;
  url_path_version: string | null;
  client: string | null;
  related_id: number | null;
  related_entity: string | null;
  course_id: number | null;
  doc_id: number | null;
  action_meta: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  session_id: string;
  path: string;
  path_with_params: string;
  utm: Generated<boolean>;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  referrer: string | null;
  referred_by: string | null;
  location: string;
  browser: string | null;
  browser_version: string | null;
  os: string | null;
  os_version: string | null;
  /** `desktop`, `mobile`, `tablet`, `console`, `smarttv`, `wearable`, `xr`, `embedded`. */
  device: string | null;
  device_vendor: string | null;
  device_model: string | null;
  is_bot: Generated<boolean>;
  /** HMAC of the client IP under a salt that changes every UTC day; never the IP itself. */
  ip_hash: string | null;
  /** The signed-in user, linked by a later issue. */
  user_id: string | null;
  stored_at: Timestamp;
}

export interface Database {
  institutions: InstitutionsTable;
  subjects: SubjectsTable;
  courses: CoursesTable;
  documents: DocumentsTable;
  document_pages: DocumentPagesTable;
  events: EventsTable;
}

export type Course = Selectable<CoursesTable>;
export type Document = Selectable<DocumentsTable>;
export type Institution = Selectable<InstitutionsTable>;
export type Subject = Selectable<SubjectsTable>;
