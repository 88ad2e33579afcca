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

  it('takes a preset, and ignores a number of days that is not one', () => {
    expect(parseDashboardQuery({ days: '7' }, now).query).toMatchObject({
      days: 7,
      from: '2026-03-09',
      to: '2026-03-15',
    });
    expect(parseDashboardQuery({ days: '12' }, now).query.days).toBe(30);
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
    expect(request.problem).toMatch(/before.*showing the last 30 days/);
    expect(parseDashboardQuery({ from: 'yesterday' }, now).problem).toMatch(/YYYY-MM-DD/);
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
