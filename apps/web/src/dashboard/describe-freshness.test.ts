import { describe, expect, it } from 'vitest';
import { describeFreshness } from './describe-freshness';

const now = new Date('2026-05-20T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('describeFreshness', () => {
  it('says the figures were never computed when there is no refresh yet', () => {
    expect(describeFreshness(null, now)).toMatchObject({ label: 'Not computed yet', iso: null });
  });

  it('gives the age in seconds, minutes, hours or days, with the exact moment', () => {
    expect(describeFreshness(ago(3_400), now)).toEqual({
      label: 'Updated 3 s ago',
      iso: '2026-05-20T11:59:56.600Z',
      title: 'Counts every event received before 20 May 2026, 11:59:56 UTC',
    });
    expect(describeFreshness(ago(150_000), now).label).toBe('Updated 2 min ago');
    expect(describeFreshness(ago(3 * 3_600_000 + 5), now).label).toBe('Updated 3 h ago');
    expect(describeFreshness(ago(24 * 3_600_000), now).label).toBe('Updated 1 day ago');
    expect(describeFreshness(ago(50 * 3_600_000), now).label).toBe('Updated 2 days ago');
  });

  it('says just now for a moment ahead of the clock rather than a negative age', () => {
    expect(describeFreshness(ago(-2_000), now).label).toBe('Updated just now');
    expect(describeFreshness(ago(400), now).label).toBe('Updated just now');
  });
});
