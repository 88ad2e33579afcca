import type { TrackerPayload, TrackerRequestBody } from '@coursepack/tracker/event';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  ACTION_META_MAX_BYTES,
  collectorAjvOptions,
  eventBatchSchema,
  eventPayloadSchema,
  formatValidationErrors,
} from './event-schema';
import { makePayload } from './testing/make-payload';

// The schema module compiled the way any other user would: Ajv, ajv-formats, our options.
const ajv = new Ajv(collectorAjvOptions);
addFormats(ajv);
const validateEvent = ajv.compile(eventPayloadSchema);
const validateBatch = ajv.compile(eventBatchSchema);

function fieldsOf(payload: unknown, batch = false): Record<string, string> {
  const body = batch ? payload : [payload];
  expect(validateBatch(body)).toBe(false);
  return Object.fromEntries(
    formatValidationErrors(validateBatch.errors ?? [], batch).map((e) => [e.field, e.message]),
  );
}

describe('the event schema', () => {
  it("accepts what the tracker sends (typed with the tracker's own payload type)", () => {
    const payload: TrackerPayload = makePayload();
    const minimal: TrackerPayload = {
      event_id: payload.event_id,
      type: 'scroll',
      name: 'scroll',
      action: 'scroll_25',
      date: new Date().toISOString(),
      cookie: { session_id: payload.cookie.session_id, path: '/', path_with_params: '/?a=1' },
      location: 'https://coursepack.dev/?a=1',
    };
    const batch: TrackerRequestBody = [payload, minimal];
    expect(validateEvent(payload), JSON.stringify(validateEvent.errors)).toBe(true);
    expect(validateEvent(minimal)).toBe(true);
    expect(validateBatch(batch)).toBe(true);
  });

  it('accepts digit strings for ids and ignores unknown fields', () => {
    expect(validateEvent({ ...makePayload(), doc_id: '345', future_field: { x: 1 } })).toBe(true);
  });

  it('names each missing field', () => {
    expect(fieldsOf({})).toEqual({
      event_id: 'is required',
      type: 'is required',
      name: 'is required',
      action: 'is required',
      cookie: 'is required',
      location: 'is required',
    });
  });

  it('explains each broken rule in words', () => {
    expect(
      fieldsOf({
        ...makePayload(),
        event_id: 'not-a-uuid',
        type: 7,
        doc_id: '12a',
        course_id: 2 ** 60,
        date: '2026-13-45',
        name: 'n'.repeat(201),
        cookie: { session_id: '123', path: '', path_with_params: '/', utm_source: false },
      }),
    ).toEqual({
      event_id: 'must be a UUIDv7',
      type: 'must be a string',
      doc_id: 'must be a non-negative integer or a string of up to 15 digits',
      course_id: 'must be a non-negative integer or a string of up to 15 digits',
      date: 'must be an ISO 8601 date-time with a time zone (e.g. 2026-01-31T12:00:00.000Z)',
      name: 'must be at most 200 characters',
      'cookie.session_id': 'must be a UUID',
      'cookie.path': 'must not be empty',
      'cookie.utm_source': 'must be a string',
    });
  });

  it('limits action_meta depth, size and characters', () => {
    expect(validateEvent(makePayload({ action_meta: { a: { b: { c: { d: { e: 1 } } } } } }))).toBe(
      true,
    );
    expect(fieldsOf(makePayload({ action_meta: { a: { b: { c: { d: { e: {} } } } } } }))).toEqual({
      action_meta: 'must be nested at most 5 levels deep',
    });
    expect(
      fieldsOf(makePayload({ action_meta: { a: 'é'.repeat(ACTION_META_MAX_BYTES) } })),
    ).toEqual({
      action_meta: `must be at most 4096 bytes as JSON (got ${2 * ACTION_META_MAX_BYTES + 8})`,
    });
    expect(fieldsOf(makePayload({ action_meta: { a: ['\u0000'] } }))).toEqual({
      action_meta: 'must not contain U+0000 characters',
    });
  });

  it('prefixes fields with the index in an array, and bounds the array', () => {
    expect(fieldsOf([makePayload(), { ...makePayload(), action: '' }], true)).toEqual({
      '[1].action': 'must not be empty',
    });
    expect(fieldsOf([makePayload(), 'x'], true)).toEqual({
      '[1]': 'must be an event object or an array of event objects',
    });
    expect(fieldsOf([], true)).toEqual({ body: 'must hold at least one event' });
    expect(fieldsOf(Array(101).fill(makePayload()), true)).toEqual({
      body: 'must hold at most 100 events',
    });
  });
});
