import type { ColumnType, Generated, GeneratedAlways, Selectable } from 'kysely';

/** Timestamps are written by the database (or as Date/ISO strings) and read as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/**
 * Computed by PostgreSQL from other columns; never written. A generated column is nullable in the
 * catalogue even when its expression never yields null, so `T` says what the database says.
 */
type Computed<T> = ColumnType<T, never, never>;
/** A `tsvector`, read as its text form; written only by the database (triggers). */
type SearchVector = string;

export const DOCUMENT_KINDS = ['notes', 'slides', 'exercises', 'exam', 'summary', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_STATUSES = ['processing', 'ready', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export interface InstitutionsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  /** The name folded (case, accents, spacing) by migration 0021's catalog_name_key; unique. */
  name_key: GeneratedAlways<string>;
  country: string | null;
  created_at: Timestamp;
}

export interface SubjectsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  /** As institutions.name_key. */
  name_key: GeneratedAlways<string>;
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
  search_vector: Computed<SearchVector | null>;
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
  search_vector: Computed<SearchVector | null>;
  /** Why processing an upload failed, in words for the uploader (migration 0006). */
  failure_reason: string | null;
}

export interface DocumentPagesTable {
  document_id: number;
  page_number: number;
  /** Text extracted from this page of the PDF. */
  body: string;
  search_vector: Computed<SearchVector | null>;
  /**
   * Where the page's words are (migration 0012); null for pages read before it. Inserted as
   * JSON text (pg would send an array as a PostgreSQL array).
   */
  text_layer: ColumnType<PageTextLayer | null, string | null, string | null>;
}

/**
 * A piece of a page's text and its box, as fractions of the page from its top left corner:
 * `[x, y, width, height, text]`, each number in 0..1 rounded to 4 decimals.
 */
export type PageTextRun = [x: number, y: number, width: number, height: number, text: string];

/** `document_pages.text_layer`: the page's runs in reading order, at most 2,000. */
export interface PageTextLayer {
  runs: PageTextRun[];
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

export const USER_ROLES = ['member', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A member (migration 0003); rows are written by better-auth, roles by the admin command. */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Generated<boolean>;
  /** Media-service public id (or URL, for OAuth pictures) of the avatar. */
  image: string | null;
  role: Generated<UserRole>;
  banned: Generated<boolean | null>;
  ban_reason: string | null;
  ban_expires: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  impersonated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  /** The library's password hash (scrypt), only for provider `credential`. */
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One rate limit's count for one key in its current window (migration 0007). */
export interface LimitCountersTable {
  key: string;
  hits: number;
  expires_at: Timestamp;
}

export interface CourseFollowsTable {
  user_id: string;
  course_id: number;
  created_at: Timestamp;
}

export interface DocumentBookmarksTable {
  user_id: string;
  document_id: number;
  created_at: Timestamp;
}

/**
 * Reading-analytics rollups (migration 0005): one row per session, UTC hour, course/document and
 * source/device; written only by `refreshAnalyticsRollups`. docs/stats-api.md defines each column.
 */
export interface AnalyticsSessionHoursTable {
  hour: Timestamp;
  session_id: string;
  session_key: number;
  course_id: number | null;
  doc_id: number | null;
  is_bot: boolean;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** Host name of `referrer`, without `www.`. */
  referrer_host: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  events: number;
  views: number;
  active_ms: number;
  /** Furthest `scroll_*` depth reached in the hour (0, 25, 50, 75 or 100). */
  max_depth: number;
  last_page: number | null;
  last_page_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** Active reading time per page of a document, per session and UTC hour. */
export interface AnalyticsSessionPagesTable {
  hour: Timestamp;
  session_id: string;
  course_id: number | null;
  doc_id: number;
  is_bot: boolean;
  page: number;
  pings: number;
  active_ms: number;
}

/** `analytics_session_pages` added up per document, page and UTC hour. */
export interface AnalyticsPageHoursTable {
  hour: Timestamp;
  course_id: number | null;
  doc_id: number;
  is_bot: boolean;
  page: number;
  pings: number;
  active_ms: number;
}

/** Events other than page views, scroll and presence, per session and UTC hour. */
export interface AnalyticsActionHoursTable {
  hour: Timestamp;
  session_id: string;
  session_key: number;
  course_id: number | null;
  doc_id: number | null;
  is_bot: boolean;
  type: string;
  name: string;
  action: string;
  events: number;
}

/** A small integer per session, what the rollups carry and count instead of its UUID. */
export interface AnalyticsSessionsTable {
  session_key: GeneratedAlways<number>;
  session_id: string;
}

/** A UTC day as pg reads a `date`: midnight of that day in the process's time zone. */
type Day = ColumnType<Date, Date | string, Date | string>;

/** `analytics_session_hours` per UTC day, with the session as its key. */
export interface AnalyticsSessionDaysTable
  extends Omit<AnalyticsSessionHoursTable, 'hour' | 'session_id'> {
  day: Day;
}

/** `analytics_page_hours` per UTC day. */
export interface AnalyticsPageDaysTable extends Omit<AnalyticsPageHoursTable, 'hour'> {
  day: Day;
}

/** `analytics_action_hours` per UTC day, with the session as its key. */
export interface AnalyticsActionDaysTable
  extends Omit<AnalyticsActionHoursTable, 'hour' | 'session_id'> {
  day: Day;
}

/**
 * Who visited a scope's dimension value on a UTC day (`analytics_session_sets`) or in the ISO
 * week starting on `day` (`analytics_session_set_weeks`), as sorted arrays of session keys.
 */
export interface AnalyticsSessionSetsTable {
  day: Day;
  scope: string;
  dimension: string;
  value: string | null;
  sessions: number[];
  bot_sessions: number[];
  events: number;
  views: number;
  active_ms: number;
  bot_events: number;
  bot_views: number;
  bot_active_ms: number;
  /**
   * New members of the current day's or week's set, merged into it by the refresh (migration
   * 0013): a set is the union of its rows, its measures their sums.
   */
  tail: Generated<boolean>;
}

/**
 * Where each read (a session on a document) stands so far: the page of its last presence ping
 * with a page, and when (migration 0017). Kept by the refresh; answers where readers stop over
 * ranges that run to the present.
 */
export interface AnalyticsReadEndsTable {
  session_key: number;
  doc_id: number;
  course_id: number | null;
  is_bot: boolean;
  last_page: number;
  last_page_at: Timestamp;
}

/** How many reads stand on each page of a document, by the UTC day their end came (0017). */
export interface AnalyticsReadEndDaysTable {
  day: Day;
  course_id: number | null;
  doc_id: number;
  is_bot: boolean;
  page: number;
  reads: number;
}

export interface AnalyticsRefreshStateTable {
  id: Generated<boolean>;
  /** Events with `stored_at` up to this moment are in the rollups. */
  processed_until: Timestamp;
  refreshed_at: Timestamp;
}

/**
 * The search index (migration 0004), one row per searchable document, kept by triggers on the
 * catalogue; read by apps/web/src/search.
 */
export interface DocumentSearchTable {
  document_id: number;
  course_id: number;
  subject_id: number;
  institution_id: number;
  kind: DocumentKind;
  title_vector: SearchVector;
  vector: SearchVector;
}

/**
 * Each page's text in passages of at most 5,000 characters (migration 0019), kept by triggers
 * on `document_pages`: snippets and page-text ranking read passages, so a large document costs
 * a search what a small one does.
 */
export interface SearchPassagesTable {
  document_id: number;
  page_number: number;
  passage: number;
  /** The passage is `substr(body, start, length)` of its page. */
  start: number;
  length: number;
  vector: SearchVector;
}

/** One row per searchable (published) course, kept by triggers. */
export interface CourseSearchTable {
  course_id: number;
  subject_id: number;
  institution_id: number;
  title_vector: SearchVector;
  vector: SearchVector;
}

/**
 * Folded plain words of everything that has been searchable (migration 0009): the vocabulary
 * typos are corrected against (0011 retired the older `search_terms`). It only grows;
 * corrections are checked against the index.
 */
export interface SearchWordsTable {
  word: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  limit_counters: LimitCountersTable;
  course_follows: CourseFollowsTable;
  document_bookmarks: DocumentBookmarksTable;
  institutions: InstitutionsTable;
  subjects: SubjectsTable;
  courses: CoursesTable;
  documents: DocumentsTable;
  document_pages: DocumentPagesTable;
  document_search: DocumentSearchTable;
  course_search: CourseSearchTable;
  search_words: SearchWordsTable;
  search_passages: SearchPassagesTable;
  events: EventsTable;
  analytics_sessions: AnalyticsSessionsTable;
  analytics_session_hours: AnalyticsSessionHoursTable;
  analytics_session_pages: AnalyticsSessionPagesTable;
  analytics_page_hours: AnalyticsPageHoursTable;
  analytics_action_hours: AnalyticsActionHoursTable;
  analytics_session_days: AnalyticsSessionDaysTable;
  analytics_page_days: AnalyticsPageDaysTable;
  analytics_action_days: AnalyticsActionDaysTable;
  analytics_session_sets: AnalyticsSessionSetsTable;
  analytics_session_set_weeks: AnalyticsSessionSetsTable;
  analytics_read_ends: AnalyticsReadEndsTable;
  analytics_read_end_days: AnalyticsReadEndDaysTable;
  analytics_refresh_state: AnalyticsRefreshStateTable;
}

export type Course = Selectable<CoursesTable>;
export type Document = Selectable<DocumentsTable>;
export type Institution = Selectable<InstitutionsTable>;
export type Subject = Selectable<SubjectsTable>;
export type User = Selectable<UsersTable>;
