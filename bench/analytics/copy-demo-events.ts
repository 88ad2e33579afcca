import { pipeline } from 'node:stream/promises';
import { DAY_MS } from '@coursepack/analytics/time';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  type ActivityCourse,
  DEMO_EVENT_COLUMNS,
  type DemoEvent,
  generateDemoActivity,
} from '../../scripts/seed/generate-demo-activity';

/** COPY text format: backslash, tab and line breaks escaped, NULL as \N. */
function field(value: DemoEvent[keyof DemoEvent]): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value).replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** Streams up to `limit` generated events into `events` with COPY; returns how many were written. */
export async function copyDemoEvents(
  client: pg.Client,
  events: Iterable<DemoEvent>,
  limit: number,
): Promise<number> {
  let written = 0;
  const iterator = events[Symbol.iterator]();
  async function* lines() {
    let chunk = '';
    while (written < limit) {
      const next = iterator.next();
      if (next.done) break;
      chunk += `${DEMO_EVENT_COLUMNS.map((column) => field(next.value[column])).join('\t')}\n`;
      written++;
      if (chunk.length > 1 << 20) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  const stream = client.query(
    copyFrom(`COPY events (${DEMO_EVENT_COLUMNS.join(', ')}) FROM STDIN`),
  );
  await pipeline(lines(), stream);
  return written;
}

/** Days of generated activity, ending now: the dashboards' 30 days and the weeks before. */
export const DEMO_ACTIVITY_DAYS = 42;
/** Measured from the generator: events per `visitsPerDay` unit and day (weekends are quieter). */
const EVENTS_PER_VISIT_DAY = 33.4;

/**
 * Generates about `events` events of demo activity over the DEMO_ACTIVITY_DAYS days before
 * `now` and COPies them in; answers how many were written (the generator finishes its last day,
 * so a little more or less than asked).
 */
export async function copyDemoActivity(
  client: pg.Client,
  options: { courses: readonly ActivityCourse[]; now: Date; events: number; seed: number },
): Promise<number> {
  return copyDemoEvents(
    client,
    generateDemoActivity({
      courses: options.courses,
      from: new Date(options.now.getTime() - DEMO_ACTIVITY_DAYS * DAY_MS),
      to: options.now,
      visitsPerDay: options.events / DEMO_ACTIVITY_DAYS / EVENTS_PER_VISIT_DAY,
      seed: options.seed,
    }),
    Number.POSITIVE_INFINITY,
  );
}
