import { HISTORY_LENGTH, HISTORY_MAX_AGE_SECONDS } from './constants';

/** Recently sent events: hash → sent at (ms), oldest first (a Map keeps insertion order). */
export type EventHistory = Map<string, number>;

/**
 * A short hash of an event's identity: its fields without the per-send ones (`date`,
 * `event_id`). FNV-1a in base 36 keeps 20 entries around 300 bytes of cookie; a collision among
 * 20 recent events of one visitor is a one-in-hundreds-of-millions chance.
 */
export function hashEvent(fields: object): string {
  const text = JSON.stringify(fields);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * The history stored in `dphst`: `hash.time|hash.time…`, times in base-36 milliseconds.
 * Malformed entries and entries more than 15 minutes away from `now` are dropped.
 */
export function parseHistory(raw: string | undefined, now: number): EventHistory {
  const history: EventHistory = new Map();
  for (const entry of (raw ?? '').split('|')) {
    const [hash, time] = entry.split('.');
    const sentAt = parseInt(time as string, 36);
    if (hash && Math.abs(now - sentAt) < HISTORY_MAX_AGE_SECONDS * 1000) history.set(hash, sentAt);
  }
  return history;
}

/** The cookie value of the last 20 entries. */
export function serializeHistory(history: EventHistory): string {
  return [...history]
    .slice(-HISTORY_LENGTH)
    .map(([hash, sentAt]) => `${hash}.${sentAt.toString(36)}`)
    .join('|');
}
