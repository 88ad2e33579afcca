import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DEMO_EVENT_COLUMNS, type DemoEvent } from '../../scripts/seed/generate-demo-activity';

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
