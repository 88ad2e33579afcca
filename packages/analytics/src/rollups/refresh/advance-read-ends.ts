import type { Database } from '@coursepack/db/schema';
import { sql, type Transaction } from 'kysely';
import { utcDayOf } from '../../rollup-columns';
import { latestPageOfEachRead } from '../aggregate-events';
import { createTemporaryTable, type StoredTable, type TemporaryTable } from './refresh-tables';

/**
 * Moves each read's end (`analytics_read_ends`) to the latest page in session day rows
 * `dayRows` (the day rollup itself, or a refresh's changes to it) where that is later than where
 * the read stood (ties broken as the session rows' last page is), and its count in
 * `analytics_read_end_days` from the day and page it left to those it reached. A late ping older
 * than the read's end moves nothing, as it changes no session row's last page.
 */
export async function advanceReadEnds(
  trx: Transaction<Database>,
  dayRows: StoredTable<'analytics_session_days'> | TemporaryTable<'sessionDayChanges'>,
) {
  const moved = await createTemporaryTable(
    trx,
    'readEndChanges',
    sql`
    SELECT n.*, o.course_id AS left_course_id, o.is_bot AS left_is_bot,
      o.last_page AS left_page, o.last_page_at AS left_at
    FROM (${latestPageOfEachRead(
      dayRows.ref,
      sql`session_key, doc_id, course_id, is_bot, last_page, last_page_at`,
    )}) AS n
    LEFT JOIN analytics_read_ends AS o ON o.session_key = n.session_key AND o.doc_id = n.doc_id
    WHERE o.session_key IS NULL
      OR (n.last_page_at, n.last_page) > (o.last_page_at, o.last_page)`,
  );
  const dayChanges = await createTemporaryTable(
    trx,
    'readEndDayChanges',
    sql`
    SELECT day, course_id, doc_id, is_bot, page, sum(reads)::integer AS reads
    FROM (
      SELECT ${utcDayOf(sql`last_page_at`)} AS day, course_id, doc_id, is_bot, last_page AS page,
        1 AS reads
      FROM ${moved.ref}
      UNION ALL
      SELECT ${utcDayOf(sql`left_at`)}, left_course_id, doc_id, left_is_bot, left_page, -1
      FROM ${moved.ref} WHERE left_at IS NOT NULL
    ) AS moves
    GROUP BY day, course_id, doc_id, is_bot, page
    HAVING sum(reads) <> 0`,
  );
  await sql`
    INSERT INTO analytics_read_end_days (day, course_id, doc_id, is_bot, page, reads)
    SELECT day, course_id, doc_id, is_bot, page, reads FROM ${dayChanges.ref}
    ORDER BY course_id, doc_id, day
    ON CONFLICT (doc_id, day, page, is_bot, course_id)
      DO UPDATE SET reads = analytics_read_end_days.reads + excluded.reads`.execute(trx);
  // A page a day's last reader moved on from holds nobody: no row, as a rebuild writes it.
  await sql`
    DELETE FROM analytics_read_end_days AS d USING ${dayChanges.ref} AS c
    WHERE d.reads = 0 AND d.doc_id = c.doc_id AND d.day = c.day AND d.page = c.page
      AND d.is_bot = c.is_bot AND d.course_id IS NOT DISTINCT FROM c.course_id`.execute(trx);
  await sql`
    INSERT INTO analytics_read_ends (session_key, doc_id, course_id, is_bot, last_page,
      last_page_at)
    SELECT session_key, doc_id, course_id, is_bot, last_page, last_page_at
    FROM ${moved.ref}
    ON CONFLICT (session_key, doc_id) DO UPDATE SET
      course_id = excluded.course_id, is_bot = excluded.is_bot,
      last_page = excluded.last_page, last_page_at = excluded.last_page_at`.execute(trx);
}
