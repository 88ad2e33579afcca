import { describe, expect, it } from 'vitest';
import {
  dashboardCoursePath,
  dashboardDocumentPath,
  dashboardHref,
  parseDashboardQuery,
} from './dashboard-query';

const now = new Date('2026-03-15T13:45:00Z');

describe('parseDashboardQuery', () => {
  it('defaults to the last 30 days, today included, compared with the 30 before', () => {
    const request = parseDashboardQuery({}, now);
    expect(request.query).toEqual({
      days: 30,
      from: '2026-02-14',
      to: '2026-03-15',
      compare: true,
      includeBots: false,
    });
    expect(request.range).toEqual({
      from: new Date('2026-02-14T00:00:00Z'),
      to: new Date('2026-03-16T00:00:00Z'),
    });
    expect(request.previous).toEqual({
      from: new Date('2026-01-15T00:00:00Z'),
      to: new Date('2026-02-14T00:00:00Z'),
    });
    expect(request.problem).toBeNull();
  });

  it('takes a preset, or any number of days up to the longest range', () => {
    expect(parseDashboardQuery({ days: '7' }, now).query).toMatchObject({
      days: 7,
      from: '2026-03-09',
      to: '2026-03-15',
    });
    const twelve = parseDashboardQuery({ days: '12' }, now);
    expect(twelve.query).toMatchObject({ days: 12, from: '2026-03-04', to: '2026-03-15' });
    expect(twelve.problem).toBeNull();
  });

  it('never changes the number of days asked for without saying so (issue 30: 9999 became 30)', () => {
    const tooMany = parseDashboardQuery({ days: '9999' }, now);
    expect(tooMany.query).toMatchObject({ days: 366, from: '2025-03-15', to: '2026-03-15' });
    expect(tooMany.problem).toBe(
      'The dashboard shows at most 366 days at a time: showing the last 366 days instead of 9,999.',
    );
    for (const days of ['0', '-5', 'abc', '7.5']) {
      const request = parseDashboardQuery({ days }, now);
      expect(request.query.days).toBe(30);
      expect(request.problem).toBe(
        'The number of days to show must be a whole number from 1 to 366. Showing the last 30 days instead.',
      );
    }
  });

  it('takes a custom range of days, both included', () => {
    const request = parseDashboardQuery({ from: '2026-03-01', to: '2026-03-07' }, now);
    expect(request.query).toMatchObject({ days: null, from: '2026-03-01', to: '2026-03-07' });
    expect(request.range.to).toEqual(new Date('2026-03-08T00:00:00Z'));
    expect(request.previous?.from).toEqual(new Date('2026-02-22T00:00:00Z'));
  });

  it('reads a custom range typed as the form shows days (sent without JavaScript)', () => {
    const request = parseDashboardQuery({ from: '1 Mar 2026', to: '7 March 2026' }, now);
    expect(request.query).toMatchObject({ days: null, from: '2026-03-01', to: '2026-03-07' });
  });

  it('falls back to the default range and says why when the custom range is wrong', () => {
    const request = parseDashboardQuery({ from: '2026-03-10', to: '2026-03-01' }, now);
    expect(request.query.days).toBe(30);
    expect(request.problem).toBe(
      'The start of the range must be before its end. Showing the last 30 days instead.',
    );
    expect(parseDashboardQuery({ from: 'yesterday' }, now).problem).toMatch(
      /^The start of the range is not a date: .* Showing the last 30 days instead\.$/,
    );
    expect(parseDashboardQuery({ from: 'yesterday' }, now).problem).not.toMatch(/`/);
  });

  it('turns the comparison off with compare=0 and counts bots with bots=1', () => {
    const request = parseDashboardQuery({ compare: '0', bots: '1' }, now);
    expect(request.query).toMatchObject({ compare: false, includeBots: true });
    expect(request.previous).toBeNull();
  });
});

describe('dashboardHref', () => {
  const query = parseDashboardQuery({}, now).query;

  it('leaves the defaults out of the URL', () => {
    expect(dashboardHref('/dashboard', query)).toBe('/dashboard');
  });

  it('writes a preset, a custom range and the toggles', () => {
    expect(dashboardHref('/dashboard', query, { days: 7, includeBots: true })).toBe(
      '/dashboard?days=7&bots=1',
    );
    expect(
      dashboardHref('/dashboard', query, {
        days: null,
        from: '2026-03-01',
        to: '2026-03-07',
        compare: false,
      }),
    ).toBe('/dashboard?from=2026-03-01&to=2026-03-07&compare=0');
  });
});

describe('dashboard paths', () => {
  it('put the id first and the slug after it when known', () => {
    expect(dashboardCoursePath({ id: 4, slug: 'linear-algebra' })).toBe(
      '/dashboard/courses/4-linear-algebra',
    );
    expect(dashboardDocumentPath({ id: 9 })).toBe('/dashboard/documents/9');
  });
});
