import { describe, expect, it } from 'vitest';
import { readFlash, withFlash } from './flash-messages';

describe('withFlash', () => {
  it('adds the flash to a path, its query or before its fragment', () => {
    expect(withFlash('/courses/1-a', 'followed')).toBe('/courses/1-a?flash=followed');
    expect(withFlash('/documents/2-b?page=3', 'bookmarked')).toBe(
      '/documents/2-b?page=3&flash=bookmarked',
    );
    expect(withFlash('/documents/2-b#page-4', 'bookmarked')).toBe(
      '/documents/2-b?flash=bookmarked#page-4',
    );
  });
});

describe('readFlash', () => {
  it('knows only the named flashes', () => {
    expect(readFlash('welcome')).toBe('welcome');
    expect(readFlash('toString')).toBeNull();
    expect(readFlash('<script>')).toBeNull();
    expect(readFlash(null)).toBeNull();
  });
});
