import { describe, expect, it } from 'vitest';
import { CollectorError } from './collector-error';
import { parseUserAgent } from './parse-user-agent';
import { makePayload, makeUuidV7 } from './testing/make-payload';
import { MAX_EVENT_ID_AHEAD_MS, toEventRows, uuidV7Time } from './to-event-rows';

const now = new Date('2026-05-10T12:00:00Z');
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

  it('refuses ids from more than a day ahead and dates outside 2000–9999, naming each', () => {
    const ahead = makeUuidV7(now.getTime() + MAX_EVENT_ID_AHEAD_MS + 1000);
    const fine = makeUuidV7(now.getTime() + MAX_EVENT_ID_AHEAD_MS - 1000);
    let error: unknown;
    try {
      toEventRows(
        [
          makePayload({ event_id: fine }),
          makePayload({ event_id: ahead, date: '1999-12-31T23:59:59Z' }),
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
});
