import { describe, expect, it } from 'vitest';
import { hashEvent, parseHistory, serializeHistory } from './event-history';

const NOW = 1_750_000_000_000;

describe('hashEvent', () => {
  it('is stable for the same fields and differs when any field differs', () => {
    const event = { type: 'doc', name: 'viewer', action: 'open', doc_id: 7 };
    expect(hashEvent(event)).toBe(hashEvent({ ...event }));
    expect(hashEvent(event)).not.toBe(hashEvent({ ...event, doc_id: 8 }));
    expect(hashEvent(event)).not.toBe(hashEvent({ ...event, action_meta: { page: 1 } }));
    expect(hashEvent(event)).toMatch(/^[\da-z]{1,7}$/);
  });

  it('hashes huge and non-ASCII events into the same short form', () => {
    expect(hashEvent({ action: '😀'.repeat(100_000) })).toMatch(/^[\da-z]{1,7}$/);
  });
});

describe('parseHistory / serializeHistory', () => {
  it('round-trips hashes and millisecond times', () => {
    const history = new Map([
      ['abc', NOW - 1000],
      ['def', NOW - 1],
    ]);
    expect(parseHistory(serializeHistory(history), NOW)).toEqual(history);
  });

  it('keeps the last 20 entries, newest last', () => {
    const history = new Map(Array.from({ length: 25 }, (_, i) => [`h${i}`, NOW - 25 + i] as const));
    const kept = parseHistory(serializeHistory(history), NOW);
    expect([...kept.keys()]).toEqual(Array.from({ length: 20 }, (_, i) => `h${i + 5}`));
  });

  it('drops entries 15 minutes old or more, and impossible future ones', () => {
    const raw = serializeHistory(
      new Map([
        ['old', NOW - 900_000],
        ['fresh', NOW - 899_999],
        ['future', NOW + 3_600_000],
      ]),
    );
    expect([...parseHistory(raw, NOW).keys()]).toEqual(['fresh']);
  });

  it.each([undefined, '', '|||', 'abc', 'abc.', '.zz', 'abc.notbase36!', 'a.b.c|'])(
    'ignores malformed input %j',
    (raw) => {
      expect(parseHistory(raw, NOW).size).toBe(0);
    },
  );

  it('keeps the valid entries of a partly corrupted cookie', () => {
    const raw = `garbage|${serializeHistory(new Map([['ok', NOW]]))}|x.`;
    expect([...parseHistory(raw, NOW)]).toEqual([['ok', NOW]]);
  });
});
