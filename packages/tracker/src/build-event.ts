import type { TrackerEvent } from './event';
import type { EventInput } from './tracker-config';
import { TrackerError } from './tracker-error';

/** An event's identity: validated fields without the per-send `date` and `event_id`. */
export type EventFields = Omit<TrackerEvent, 'event_id' | 'date'> & { date?: string };

// One string rather than an array literal: the list ships in the script build.
const FIELDS =
  'environment app url_path_version client type name action related_id related_entity course_id doc_id date action_meta'.split(
    ' ',
  ) as (keyof EventInput)[];

/**
 * Merges the call's fields over the configured defaults. Only known fields are kept, so
 * configuration keys (endpoint, presence…) never reach the payload. The other field types are
 * left to TypeScript and to the collector, which answers 400 naming each invalid field.
 */
export function buildEvent(defaults: EventInput, input: EventInput): EventFields {
  const event: Record<string, unknown> = {};
  for (const key of FIELDS) {
    const value = input[key] ?? defaults[key];
    if (value != null) event[key] = value;
  }
  for (const key of ['type', 'action', 'name']) {
    if (!event[key]) {
      throw new TrackerError(
        'field_required',
        `\`${key}\` is required for event in either the hook or the trackAction`,
      );
    }
  }
  for (const key of ['related_id', 'course_id', 'doc_id']) {
    if (key in event) event[key] = toId(key, event[key]);
  }
  return event as EventFields;
}

/** Ids arrive as numbers or, from URLs and data attributes, as strings of digits. */
function toId(key: string, value: unknown): number {
  // Fifteen digits always fit a safe integer; longer strings are rejected rather than rounded.
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? +value : value;
  if (Number.isSafeInteger(id) && (id as number) >= 0) return id as number;
  throw new TrackerError('field_invalid', `\`${key}\` must be an integer or a string of digits`);
}
