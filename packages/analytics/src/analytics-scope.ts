import { type RawBuilder, sql } from 'kysely';
import type { RollupKind } from './rollup-columns';
import type { StatsRange } from './stats-range';

/**
 * What a dashboard query is about. Who may ask for which scope is decided by the caller (route
 * handlers and pages check `canViewCourseAnalytics`); the query layer trusts its scope.
 */
export type AnalyticsScope =
  /** Everything, for admins: also pages without a course (home, search). */
  | { kind: 'site' }
  /** An owner's courses: their course pages and documents. */
  | { kind: 'courses'; courseIds: readonly number[] }
  | { kind: 'course'; courseId: number }
  | { kind: 'document'; documentId: number };

export interface AnalyticsOptions {
  /** Bots (isbot on the user agent, or no user agent) are left out unless this is true. */
  includeBots?: boolean;
  /**
   * Where rows come from instead of the rollup tables. Tests and the benchmark pass
   * `fromRawEvents` (`@coursepack/analytics/testing/from-raw-events`), which computes the same
   * rows from raw events on the fly: the same answers, slower — the tests' oracle and the
   * benchmark's baseline. The session sets are rollups too, so with a source they are not read.
   */
  source?: RowSource;
}

/** The rows of one rollup in a scope and an hour-aligned range, as `selectAnalyticsRows` gives them. */
export type RowSource = (
  kind: RollupKind,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions,
) => RawBuilder<unknown>;

/** Filters rows (rollup rows or events: both have `course_id` and `doc_id`) to a scope. */
export function scopeCondition(scope: AnalyticsScope) {
  switch (scope.kind) {
    case 'site':
      return sql<boolean>`true`;
    case 'courses':
      // An owner without courses sees nothing (ANY of an empty array is false).
      return sql<boolean>`course_id = ANY(${sql.val([...scope.courseIds])}::bigint[])`;
    case 'course':
      return sql<boolean>`course_id = ${scope.courseId}`;
    case 'document':
      return sql<boolean>`doc_id = ${scope.documentId}`;
  }
}

export function botCondition(options: AnalyticsOptions) {
  return options.includeBots ? sql<boolean>`true` : sql<boolean>`NOT is_bot`;
}
