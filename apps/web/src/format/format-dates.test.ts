import { describe, expect, it } from 'vitest';
import { formatDate, formatDayRange } from './format-dates';

describe('dates', () => {
  it('writes a moment as its UTC day', () => {
    expect(formatDate(new Date('2026-03-09T23:30:00-02:00'))).toBe('10 Mar 2026');
  });

  it('writes a range of days without repeating the year', () => {
    expect(formatDayRange('2026-03-09', '2026-03-15')).toBe('9 Mar – 15 Mar 2026');
    expect(formatDayRange('2025-12-30', '2026-01-05')).toBe('30 Dec 2025 – 5 Jan 2026');
    expect(formatDayRange('2026-03-09', '2026-03-09')).toBe('9 Mar 2026');
  });
});
