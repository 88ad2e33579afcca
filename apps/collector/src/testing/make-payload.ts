import { randomBytes } from 'node:crypto';
import type { TrackerPayload } from '@coursepack/tracker/event';

/** A UUIDv7 (RFC 9562) for `time`, as the tracker makes them. */
export function makeUuidV7(time = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(time, 0, 6);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A payload exactly as the tracker sends it, every optional field set. */
export function makePayload(overrides: Partial<TrackerPayload> = {}): TrackerPayload {
  return {
    event_id: makeUuidV7(),
    type: 'document',
    name: 'viewer',
    action: 'open',
    date: new Date().toISOString(),
    environment: 'test',
    app: 'web',
    url_path_version: 'v1',
    client: 'coursepack-web',
    related_id: 7,
    related_entity: 'page',
    course_id: 12,
    doc_id: 345,
    action_meta: { page: 3, zoom: 1.5, tags: ['a', 'b'], nested: { ok: true } },
    cookie: {
      session_id: makeUuidV7(),
      path: '/documents/345-notes',
      path_with_params: '/documents/345-notes?page=3',
      utm: true,
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_term: 'calculus',
      utm_content: 'header-link',
      referrer: 'https://news.example.org/issue/9',
      referred_by: 'alice',
    },
    location: 'http://localhost:3000/documents/345-notes?page=3',
    ...overrides,
  };
}

export const CHROME_DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const GOOGLEBOT_UA =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
