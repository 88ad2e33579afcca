import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatDayRange, parseDay } from './format-dates';

describe('dates', () => {
  it('writes a moment as its UTC day', () => {
    expect(formatDate(new Date('2026-03-09T23:30:00-02:00'))).toBe('10 Mar 2026');
  });

  it('writes a range of days without repeating the year', () => {
    expect(formatDayRange('2026-03-09', '2026-03-15')).toBe('9 Mar – 15 Mar 2026');
    expect(formatDayRange('2025-12-30', '2026-01-05')).toBe('30 Dec 2025 – 5 Jan 2026');
    expect(formatDayRange('2026-03-09', '2026-03-09')).toBe('9 Mar 2026');
  });

  it('reads a day back as it is written, or typed in the same order, or as ISO', () => {
    expect(parseDay(formatDay('2026-10-26', true))).toBe('2026-10-26');
    expect(parseDay(' 9 march 2026 ')).toBe('2026-03-09');
    expect(parseDay('9 Sept. 2026')).toBe('2026-09-09');
    expect(parseDay('26/10/2026')).toBe('2026-10-26');
    expect(parseDay('2026-10-26')).toBe('2026-10-26');
  });

  it('reads no day from text that names none', () => {
    expect(parseDay('31 Feb 2026')).toBeNull();
    expect(parseDay('10/26/2026')).toBeNull();
    expect(parseDay('9 Marble 2026')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
    expect(parseDay('')).toBeNull();
  });
});
