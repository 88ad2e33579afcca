import { describe, expect, it } from 'vitest';
import { isRefusedData, toJsonParameter } from './insert-events';
import type { EventRow } from './to-event-rows';

const rowWith = (type: string, meta: Record<string, unknown> | null = null) =>
  ({ type, action_meta: meta }) as unknown as EventRow;

describe('toJsonParameter', () => {
  it('replaces lone surrogates (which PostgreSQL refuses) with U+FFFD, in values and keys', () => {
    const json = toJsonParameter([rowWith('a\uD800b', { 'k\uDC00': 'x\uDBFF' })]);
    expect(JSON.parse(json)).toEqual([{ type: 'a\uFFFDb', action_meta: { 'k\uFFFD': 'x\uFFFD' } }]);
  });

  it('keeps paired surrogates, and text that merely looks like an escape', () => {
    const rows = [rowWith('😀 \\ud800 \\\\ud800', { emoji: '🎓' })];
    expect(JSON.parse(toJsonParameter(rows))).toEqual(JSON.parse(JSON.stringify(rows)));
  });
});

describe('isRefusedData', () => {
  it('tells refused data from an unreachable or failing database', () => {
    expect(isRefusedData({ code: '22P02' })).toBe(true);
    expect(isRefusedData({ code: '23505' })).toBe(true);
    expect(isRefusedData({ code: '42P01' })).toBe(true);
    expect(isRefusedData({ code: '57P01' })).toBe(false);
    expect(isRefusedData({ code: '08006' })).toBe(false);
    expect(isRefusedData({ code: 'ECONNREFUSED' })).toBe(false);
    expect(isRefusedData(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isRefusedData(undefined)).toBe(false);
  });
});
