import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';

describe('safeNextPath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeNextPath('/upload?course=3#top')).toBe('/upload?course=3#top');
  });

  it.each([
    ['https://evil.example/'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['/ok\nSet-Cookie: x'],
    [''],
    [undefined],
    [['/a']],
    [`/${'a'.repeat(2000)}`],
  ])('falls back for %j, which could leave the site or is not a path', (value) => {
    expect(safeNextPath(value, '/library')).toBe('/library');
  });
});
