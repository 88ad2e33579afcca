import type { Database } from '@coursepack/db/schema';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { columnList, HOUR_DAY, ROLLUPS } from '../../rollup-columns';
import {
  aggregateActionHours,
  aggregatePageHours,
  aggregateSessionHours,
  aggregateSessionSets,
  classifyEvents,
  expandSessionSets,
} from '../aggregate-events';
import { advanceReadEnds } from './advance-read-ends';
import { addPageTotals, pageDayTotals, pageHourTotals } from './merge-page-changes';
import { SESSION_MEASURES_GROUPED } from './merge-session-changes';
import { SET_COLUMNS, weeklySets } from './merge-set-changes';
import { addSessions } from './pick-new-events';
import { storedTable } from './refresh-tables';

/**
 * Everything from the events stored before `until`; those stored since, though committed, are
 * the next refresh's new events (it adds them to what is here, so none may be here already).
 * Each step fills stored tables from those the step before filled.
 */
export async function recomputeAll(trx: Transaction<Database>, until: Date) {
  await sql`TRUNCATE analytics_session_hours, analytics_session_pages, analytics_page_hours,
    analytics_action_hours, analytics_session_days, analytics_page_days,
    analytics_action_days, analytics_session_sets, analytics_session_set_weeks,
    analytics_read_ends, analytics_read_end_days`.execute(trx);
  await addSessions(trx, storedTable('events'));
  const result = await insertRollups(
    trx,
    sql`(SELECT * FROM events WHERE stored_at < ${until} OFFSET 0)`,
  );
  await insertDayRollups(trx);
  await advanceReadEnds(trx, storedTable('analytics_session_days'));
  await insertSessionSets(trx);
  await insertSessionSetWeeks(trx);
  // Statistics now rather than when autovacuum comes by: the set queries' plans depend on them.
  await sql`ANALYZE analytics_session_days, analytics_page_days, analytics_action_days,
    analytics_session_sets, analytics_session_set_weeks, analytics_read_ends,
    analytics_read_end_days`.execute(trx);
  const sessionDays = await sql<{ n: number }>`
    SELECT count(*) AS n FROM (
      SELECT DISTINCT session_id, date_trunc('day', hour, 'UTC') FROM analytics_session_hours) AS d`.execute(
    trx,
  );
  return { newEvents: result, sessionDays: sessionDays.rows[0]?.n ?? 0, eventsRead: result };
}

/**
 * One statement writes every hourly table (and the page day totals), so the window over
 * presence pings is computed once. The picked events' sessions must be in `analytics_sessions`
 * already. Returns the number of events read.
 */
async function insertRollups(trx: Transaction<Database>, picked: RawBuilder<unknown>) {
  const { sessions, pages, actions } = ROLLUPS;
  const pageKeys = columnList(pages.keys);
  const result = await sql<{ events: number | null }>`
    WITH classified AS MATERIALIZED (${classifyEvents(picked)}),
    sessions AS (
      INSERT INTO analytics_session_hours (hour, session_id, ${columnList(sessions.keys)},
        ${columnList(sessions.measures)}, session_key)
      SELECT r.*, s.session_key
      FROM (${aggregateSessionHours(sql`classified`)}) AS r
      JOIN analytics_sessions AS s ON s.session_id = r.session_id
      RETURNING events
    ),
    pages AS (
      INSERT INTO analytics_session_pages
        (hour, session_id, ${pageKeys}, ${columnList(pages.measures)})
      ${aggregatePageHours(sql`classified`)}
      RETURNING hour, ${pageKeys}, ${columnList(pages.measures)}
    ),
    page_totals AS (${addPageTotals('analytics_page_hours', pageHourTotals(sql`pages`))}),
    page_day_totals AS (${addPageTotals('analytics_page_days', pageDayTotals(sql`pages`))}),
    actions AS (
      INSERT INTO analytics_action_hours
        (hour, session_id, ${columnList(actions.keys)}, ${columnList(actions.measures)}, session_key)
      SELECT r.*, s.session_key
      FROM (${aggregateActionHours(sql`classified`)}) AS r
      JOIN analytics_sessions AS s ON s.session_id = r.session_id
    )
    SELECT sum(events) AS events FROM sessions`.execute(trx);
  return result.rows[0]?.events ?? 0;
}

/**
 * Fills the (empty) day rollups from the hourly ones. Written in course and document order, so
 * that after a rebuild a course's or a document's month is a run of neighbouring pages rather
 * than a few rows on every page.
 */
async function insertDayRollups(trx: Transaction<Database>) {
  const { sessions, actions } = ROLLUPS;
  const sessionKeys = columnList(sessions.keys);
  await sql`
    INSERT INTO analytics_session_days (day, session_key, ${sessionKeys},
      ${columnList(sessions.measures)})
    SELECT ${HOUR_DAY}, session_key, ${sessionKeys}, ${SESSION_MEASURES_GROUPED}
    FROM analytics_session_hours
    GROUP BY 1, session_key, ${sessionKeys}
    ORDER BY course_id, doc_id, 1`.execute(trx);
  const actionKeys = columnList(actions.keys);
  await sql`
    INSERT INTO analytics_action_days (day, session_key, ${actionKeys},
      ${columnList(actions.measures)})
    SELECT ${HOUR_DAY}, session_key, ${actionKeys}, sum(events)
    FROM analytics_action_hours
    GROUP BY 1, session_key, ${actionKeys}
    ORDER BY course_id, doc_id, 1`.execute(trx);
}

/** Fills the (empty) `analytics_session_sets` from the day rollups. */
async function insertSessionSets(trx: Transaction<Database>) {
  await sql`
    INSERT INTO analytics_session_sets (${SET_COLUMNS})
    ${aggregateSessionSets(
      expandSessionSets(sql`analytics_session_days`, sql`analytics_action_days`),
    )}`.execute(trx);
}

/** Fills the (empty) `analytics_session_set_weeks` from the day sets. */
async function insertSessionSetWeeks(trx: Transaction<Database>) {
  await sql`
    INSERT INTO analytics_session_set_weeks (${SET_COLUMNS})
    ${weeklySets(sql`analytics_session_sets`)}`.execute(trx);
}
