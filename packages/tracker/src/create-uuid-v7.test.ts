import { describe, expect, it } from 'vitest';
import { createUuidV7, isUuid } from './create-uuid-v7';

const UUID_V7 = /^[\da-f]{8}-[\da-f]{4}-7[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/;

describe('createUuidV7', () => {
  it('has the version 7 and RFC 9562 variant bits in canonical form', () => {
    for (let i = 0; i < 200; i++) expect(createUuidV7()).toMatch(UUID_V7);
  });

  it('starts with the 48-bit millisecond timestamp', () => {
    const now = Date.UTC(2025, 0, 2, 3, 4, 5, 678);
    const id = createUuidV7(now);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(now);
  });

  it('encodes the edges of the timestamp range', () => {
    expect(createUuidV7(0).slice(0, 13)).toBe('00000000-0000');
    expect(createUuidV7(2 ** 48 - 1).slice(0, 13)).toBe('ffffffff-ffff');
  });

  it('sorts by creation time as text', () => {
    const ids = [1, 2, 1000, 1_700_000_000_000, 1_700_000_000_001].map((ms) => createUuidV7(ms));
    expect([...ids].sort()).toEqual(ids);
  });

  it('fills the other 74 bits at random', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => createUuidV7(1)));
    expect(ids.size).toBe(10_000);
    // Every position after the version digit takes many values.
    const tails = [...ids].map((id) => id.slice(15));
    for (const position of [0, 1, 2, 5, 6, 7, 9, 20]) {
      expect(new Set(tails.map((tail) => tail[position])).size).toBeGreaterThan(3);
    }
  });
});

describe('isUuid', () => {
  it('accepts UUIDs of any version and case', () => {
    expect(isUuid(createUuidV7())).toBe(true);
    expect(isUuid('6F9619FF-8B86-D011-B42D-00C04FC964FF')).toBe(true);
  });

  it.each([
    undefined,
    '',
    'not-a-uuid',
    '0193b8f0-0000-7000-8000-00000000000', // one digit short
    '0193b8f0-0000-7000-8000-0000000000000',
    '0193b8f0-0000-7000-8000-00000000000g',
    '<script>alert(1)</script>0000000000000',
  ])('rejects %j', (value) => {
    expect(isUuid(value)).toBe(false);
  });
});
