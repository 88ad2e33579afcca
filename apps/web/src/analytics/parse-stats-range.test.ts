import { describe, expect, it } from 'vitest';
import { AppError } from '@/errors/app-error';
import { parseStatsRange } from './parse-stats-range';

const now = new Date('2026-05-20T15:30:00Z');
const parse = (query: string) => parseStatsRange(new URLSearchParams(query), now);

function rejection(query: string): { parameter: unknown; message: string } {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof AppError && error.code === 'bad_request') {
      return { parameter: error.details?.parameter, message: error.message };
    }
    throw error;
  }
  throw new Error(`${query} was accepted`);
}

describe('parseStatsRange', () => {
  it('defaults to the last 30 UTC days, today included', () => {
    expect(parse('')).toEqual({
      from: new Date('2026-04-21T00:00:00Z'),
      to: new Date('2026-05-21T00:00:00Z'),
    });
  });

  it('reads dates as whole UTC days with `to` included', () => {
    expect(parse('from=2026-05-01&to=2026-05-01')).toEqual({
      from: new Date('2026-05-01T00:00:00Z'),
      to: new Date('2026-05-02T00:00:00Z'),
    });
  });

  it('reads date-times with a zone, `to` excluded', () => {
    expect(parse('from=2026-05-01T10:00:00%2B02:00&to=2026-05-01T12:00:00Z')).toEqual({
      from: new Date('2026-05-01T08:00:00Z'),
      to: new Date('2026-05-01T12:00:00Z'),
    });
  });

  it('names the malformed parameter, and says what is wrong in words without code marks', () => {
    expect(rejection('from=yesterday')).toEqual({
      parameter: 'from',
      message:
        'The start of the range is not a date: write it like 2026-05-01, or as a date and time with a zone like 2026-05-01T10:00Z.',
    });
    expect(rejection('to=9999-12-31').message).toBe(
      'The end of the range must be between 1 January 2000 and 31 December 2099.',
    );
    expect(rejection('to=2026-02-30').parameter).toBe('to');
    expect(rejection('to=2026-05-01T10:00:00').parameter).toBe('to');
  });

  it('refuses `from` after `to` and ranges over 366 days', () => {
    expect(rejection('from=2026-05-10&to=2026-05-01')).toEqual({
      parameter: 'from',
      message: 'The start of the range must be before its end.',
    });
    expect(rejection('from=2025-01-01&to=2026-05-01')).toEqual({
      parameter: 'to',
      message: 'The range must not be longer than 366 days.',
    });
    expect(parse('from=2025-05-01&to=2026-04-30').to).toEqual(new Date('2026-05-01T00:00:00Z'));
  });

  it('refuses dates outside 2000–2099, naming the parameter (year 0 and 9999 once answered 500)', () => {
    expect(rejection('from=0000-01-01').parameter).toBe('from');
    expect(rejection('from=1970-01-01&to=1970-01-02').parameter).toBe('from');
    expect(rejection('to=9999-12-31').parameter).toBe('to');
    expect(rejection('from=2100-01-01T00:00:01Z&to=2100-01-02').parameter).toBe('from');
    expect(parse('from=2000-01-01&to=2000-01-31').from).toEqual(new Date('2000-01-01T00:00:00Z'));
    expect(parse('from=2099-12-01&to=2099-12-31').to).toEqual(new Date('2100-01-01T00:00:00Z'));
  });
});
