import { describe, expect, it } from 'vitest';
import { coursePath, documentPath, parseRef, readRef, slugify } from './refs';

describe('parseRef', () => {
  it('reads the id and slug of an id-slug reference', () => {
    expect(parseRef('12-linear-algebra')).toEqual({ id: 12, slug: 'linear-algebra' });
  });

  it('accepts a bare id, which then redirects to the canonical slug', () => {
    expect(parseRef('12')).toEqual({ id: 12, slug: '' });
  });

  it.each([
    '',
    '0-zero',
    '-12-negative',
    '012-leading-zero',
    'abc',
    '12_underscore',
    '12-UPPER',
    '99999999999-too-big',
    '%3Cscript%3E',
    '1.5-fraction',
  ])('rejects %j', (ref) => {
    expect(parseRef(ref)).toBeUndefined();
  });
});

describe('readRef', () => {
  it('tells an id the database cannot hold from one that is malformed', () => {
    expect(readRef('2147483647-last')).toEqual({ id: 2_147_483_647, slug: 'last' });
    for (const ref of ['2147483648', '99999999999-slug', '9'.repeat(400)]) {
      expect(readRef(ref)).toBe('out-of-range');
    }
    for (const ref of ['-1', '1e3', '0', '12_x', '%E0%A4%A'])
      expect(readRef(ref)).toBe('malformed');
  });

  it('never throws on a page ref that does not decode', () => {
    expect(parseRef('%E0%A4%A')).toBeUndefined();
  });
});

describe('paths', () => {
  it('puts the id before the slug', () => {
    expect(coursePath({ id: 3, slug: 'thermodynamics' })).toBe('/courses/3-thermodynamics');
    expect(documentPath({ id: 40, slug: 'week-1' })).toBe('/documents/40-week-1');
  });

  it('links to a page anchor beyond the first page', () => {
    expect(documentPath({ id: 40, slug: 'week-1' }, 3)).toBe('/documents/40-week-1#page-3');
    expect(documentPath({ id: 40, slug: 'week-1' }, 1)).toBe('/documents/40-week-1');
  });

  it('carries the words to find, for the reader to highlight', () => {
    expect(documentPath({ id: 40, slug: 'week-1' }, 3, 'Schrödinger & co')).toBe(
      '/documents/40-week-1?q=Schr%C3%B6dinger%20%26%20co#page-3',
    );
    expect(documentPath({ id: 40, slug: 'week-1' }, 1, 'lens')).toBe('/documents/40-week-1?q=lens');
  });
});

describe('slugify', () => {
  it('makes lower-case ASCII words joined by hyphens', () => {
    expect(slugify('  Économie: Supply & Demand (Part 2)! ')).toBe('economie-supply-demand-part-2');
  });

  it('never returns an empty slug', () => {
    expect(slugify('———')).toBe('untitled');
  });

  it('cuts long titles without a trailing hyphen', () => {
    const slug = slugify('word '.repeat(40), 20);
    expect(slug.length).toBeLessThanOrEqual(20);
    expect(slug.endsWith('-')).toBe(false);
  });
});
