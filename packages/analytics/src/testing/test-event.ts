import { randomUUID } from 'node:crypto';
import type { EventsTable } from '@coursepack/db/schema';
import type { Insertable } from 'kysely';

/** Whose event and where: a session, in a course and document or not, and any other columns. */
export interface Visit {
  session: string;
  course?: number;
  doc?: number;
  extra?: Partial<Insertable<EventsTable>>;
}

/**
 * A row of `events` as the collector stores a tracker's event, for analytics tests: page views
 * are named `page`, everything else `document`; a presence ping's page goes in `action_meta`.
 */
export function testEvent(
  visit: Visit,
  at: string,
  type: string,
  action: string,
  options: { name?: string; page?: number } = {},
): Insertable<EventsTable> {
  return {
    event_id: randomUUID(),
    received_at: at,
    date: at,
    type,
    name: options.name ?? (type === 'page' ? 'page' : 'document'),
    action,
    course_id: visit.course ?? null,
    doc_id: visit.doc ?? null,
    action_meta: options.page === undefined ? null : JSON.stringify({ page: options.page }),
    session_id: visit.session,
    path: '/',
    path_with_params: '/',
    location: 'http://localhost:3000/',
    ...visit.extra,
  };
}
