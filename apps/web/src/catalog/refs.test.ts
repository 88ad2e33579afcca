import { describe, expect, it } from 'vitest';
import { coursePath, documentPath, parseRef, slugify } from './refs';

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

describe('paths', () => {
  it('puts the id before the slug', () => {
    expect(coursePath({ id: 3, slug: 'thermodynamics' })).toBe('/courses/3-thermodynamics');
    expect(documentPath({ id: 40, slug: 'week-1' })).toBe('/documents/40-week-1');
  });

  it('links to a page anchor beyond the first page', () => {
    expect(documentPath({ id: 40, slug: 'week-1' }, 3)).toBe('/documents/40-week-1#page-3');
    expect(documentPath({ id: 40, slug: 'week-1' }, 1)).toBe('/documents/40-week-1');
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
