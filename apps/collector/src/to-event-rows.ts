import type { EventsTable } from '@coursepack/db/schema';
import type { Selectable } from 'kysely';
import { CollectorError, type FieldError } from './collector-error';
import type { AcceptedPayload } from './event-schema';
import type { ParsedUserAgent } from './parse-user-agent';

/**
 * One row of `events`, in the shape insert-events.ts writes: every column but the one the
 * database fills (`stored_at`). Derived from the table's type, so the columns are listed once.
 */
export type EventRow = Omit<Selectable<EventsTable>, 'stored_at'>;

export interface RequestContext {
  now: Date;
  userAgent: ParsedUserAgent;
  ipHash: string | null;
  /** The signed-in user whose session cookie came with the request (docs/collector.md). */
  userId?: string | null;
  /** Whether the body was an array (field names then carry the event's index). */
  batch: boolean;
}

/**
 * How far from the server clock an event's time (its id's, and its `date`) may be. Ahead: a
 * partition for that month may not exist yet, and rows parked in the default partition would
 * block creating it later; a day covers any sane client clock. Behind: the tracker retries for
 * seconds, never days, so an older event is a broken clock or forged (a 1970 event would sit in
 * the default partition and make the rollups recompute a day nobody asked about).
 */
export const MAX_EVENT_ID_AHEAD_MS = 24 * 3600 * 1000;
export const MAX_EVENT_AGE_MS = 7 * 24 * 3600 * 1000;

/** Turns schema-valid payloads into rows; throws `invalid_event` naming what only code can check. */
export function toEventRows(
  payloads: readonly AcceptedPayload[],
  context: RequestContext,
): EventRow[] {
  const problems: FieldError[] = [];
  const rows = payloads.map((payload, index) => {
    const prefix = context.batch ? `[${index}].` : '';
    const received = uuidV7Time(payload.event_id);
    if (!isNearServerTime(received, context.now)) {
      problems.push({
        field: `${prefix}event_id`,
        message: 'has a timestamp more than 7 days behind or a day ahead of the server clock',
      });
    }
    let date: Date | null = null;
    if (payload.date !== undefined) {
      date = new Date(payload.date);
      if (!isNearServerTime(date.getTime(), context.now)) {
        problems.push({
          field: `${prefix}date`,
          message: 'must be within 7 days before and a day after the server clock',
        });
      }
    }
    const { cookie } = payload;
    const utmValue = (key: `utm_${string}`) => {
      const value = cookie[key];
      return typeof value === 'string' ? value : null;
    };
    const hasUtm = Object.keys(cookie).some((key) => key.startsWith('utm_'));
    return {
      event_id: payload.event_id.toLowerCase(),
      received_at: new Date(received),
      type: payload.type,
      name: payload.name,
      action: payload.action,
      date,
      environment: payload.environment ?? null,
      app: payload.app ?? null,
      url_path_version: payload.url_path_version ?? null,
      client: payload.client ?? null,
      related_id: toId(payload.related_id),
      related_entity: payload.related_entity ?? null,
      course_id: toId(payload.course_id),
      doc_id: toId(payload.doc_id),
      action_meta: payload.action_meta ?? null,
      session_id: cookie.session_id.toLowerCase(),
      path: cookie.path,
      path_with_params: cookie.path_with_params,
      utm: cookie.utm ?? hasUtm,
      utm_source: utmValue('utm_source'),
      utm_medium: utmValue('utm_medium'),
      utm_campaign: utmValue('utm_campaign'),
      utm_term: utmValue('utm_term'),
      utm_content: utmValue('utm_content'),
      referrer: cookie.referrer ?? null,
      referred_by: cookie.referred_by ?? null,
      location: payload.location,
      ...context.userAgent,
      ip_hash: context.ipHash,
      user_id: context.userId ?? null,
    };
  });
  if (problems.length > 0) {
    throw new CollectorError('invalid_event', describeProblems(problems), { fields: problems });
  }
  return rows;
}

function isNearServerTime(time: number, now: Date): boolean {
  return time >= now.getTime() - MAX_EVENT_AGE_MS && time <= now.getTime() + MAX_EVENT_ID_AHEAD_MS;
}

export function describeProblems(fields: readonly FieldError[]): string {
  return `Invalid event: ${fields.map((problem) => problem.field).join(', ')}`;
}

/** Milliseconds since the epoch held in a UUIDv7's first 48 bits. */
export function uuidV7Time(uuid: string): number {
  return Number.parseInt(uuid.slice(0, 8) + uuid.slice(9, 13), 16);
}

function toId(value: number | string | undefined): number | null {
  if (value === undefined) return null;
  return typeof value === 'number' ? value : Number(value);
}
