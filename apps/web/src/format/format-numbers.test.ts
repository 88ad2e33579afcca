import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCount,
  formatDepth,
  formatDuration,
  formatShare,
  pluralize,
} from './format-numbers';

describe('formatDuration', () => {
  it('writes the two largest units, rounded to the second', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(44.6)).toBe('45s');
    expect(formatDuration(725)).toBe('12m 5s');
    expect(formatDuration(3 * 3600 + 20 * 60 + 59)).toBe('3h 20m');
  });

  it('leaves out a zero second unit, as axis labels fall on round values', () => {
    expect(formatDuration(7200)).toBe('2h');
    expect(formatDuration(120)).toBe('2m');
  });
});

describe('figures', () => {
  it('groups thousands in counts', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('shows a tiny share as <1% rather than 0%', () => {
    expect(formatShare(1, 400)).toBe('<1%');
    expect(formatShare(1, 3)).toBe('33%');
    expect(formatShare(0, 0)).toBe('0%');
  });

  it('writes a missing depth as a dash', () => {
    expect(formatDepth(null)).toBe('–');
    expect(formatDepth(87.5)).toBe('88%');
  });

  it('writes sizes in the unit that keeps them short, as limits are set', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(64 * 1024)).toBe('64 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});

describe('pluralize', () => {
  it('groups thousands and picks the singular for one', () => {
    expect(pluralize(1, 'reader')).toBe('1 reader');
    expect(pluralize(1204, 'reader')).toBe('1,204 readers');
  });
});
