import { describe, expect, it } from 'vitest';
import { CollectorError } from './collector-error';
import { parseUserAgent } from './parse-user-agent';
import { makePayload, makeUuidV7 } from './testing/make-payload';
import { MAX_EVENT_AGE_MS, MAX_EVENT_ID_AHEAD_MS, toEventRows, uuidV7Time } from './to-event-rows';

// The server clock is now: payloads carry `date` from the real clock, as the tracker's do.
const now = new Date();
const context = { now, userAgent: parseUserAgent(''), ipHash: 'h'.repeat(32), batch: false };

describe('uuidV7Time', () => {
  it('reads the 48-bit millisecond timestamp', () => {
    expect(uuidV7Time('01890a5d-ac96-774b-bcce-b302099a8057')).toBe(0x01890a5dac96);
    expect(uuidV7Time(makeUuidV7(now.getTime()))).toBe(now.getTime());
  });
});

describe('toEventRows', () => {
  it('keys the row on the id time and lower-cases ids so duplicates match', () => {
    const id = makeUuidV7(now.getTime() - 1000).toUpperCase();
    const [row] = toEventRows([makePayload({ event_id: id, doc_id: '0012' as never })], context);
    expect(row?.event_id).toBe(id.toLowerCase());
    expect(row?.received_at.getTime()).toBe(now.getTime() - 1000);
    expect(row?.doc_id).toBe(12);
    expect(row?.ip_hash).toBe(context.ipHash);
    expect(row?.is_bot).toBe(true);
  });

  it('derives the utm flag when the tracker did not send it', () => {
    const payload = makePayload({ event_id: makeUuidV7(now.getTime()) });
    const { utm, ...cookie } = payload.cookie;
    expect(toEventRows([{ ...payload, cookie }], context)[0]?.utm).toBe(true);
    expect(
      toEventRows(
        [
          {
            ...payload,
            cookie: { session_id: cookie.session_id, path: '/', path_with_params: '/' },
          },
        ],
        context,
      )[0]?.utm,
    ).toBe(false);
  });

  it('refuses ids and dates from more than a day ahead, naming each', () => {
    const ahead = makeUuidV7(now.getTime() + MAX_EVENT_ID_AHEAD_MS + 1000);
    const fine = makeUuidV7(now.getTime() + MAX_EVENT_ID_AHEAD_MS - 1000);
    let error: unknown;
    try {
      toEventRows(
        [
          makePayload({ event_id: fine }),
          makePayload({ event_id: ahead, date: '9999-12-31T23:59:59Z' }),
        ],
        { ...context, batch: true },
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CollectorError);
    expect((error as CollectorError).statusCode).toBe(400);
    expect((error as CollectorError).fields?.map((field) => field.field)).toEqual([
      '[1].event_id',
      '[1].date',
    ]);
  });

  it('refuses events dated 1970 or more than 7 days behind the server clock, naming the field', () => {
    const fields = (payloads: ReturnType<typeof makePayload>[]) => {
      try {
        toEventRows(payloads, { ...context, batch: true });
      } catch (error) {
        if (error instanceof CollectorError) return error.fields?.map((field) => field.field);
        throw error;
      }
      return [];
    };
    const inTime = new Date(now.getTime() - MAX_EVENT_AGE_MS + 1000);
    const tooOld = new Date(now.getTime() - MAX_EVENT_AGE_MS - 1000);
    expect(
      fields([
        makePayload({ event_id: makeUuidV7(now.getTime()), date: '1970-01-01T00:00:00.000Z' }),
        makePayload({ event_id: makeUuidV7(0), date: now.toISOString() }),
        makePayload({ event_id: makeUuidV7(tooOld.getTime()), date: tooOld.toISOString() }),
        makePayload({ event_id: makeUuidV7(inTime.getTime()), date: inTime.toISOString() }),
      ]),
    ).toEqual(['[0].date', '[1].event_id', '[2].event_id', '[2].date']);
  });
});
