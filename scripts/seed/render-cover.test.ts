import { buildCoverSvg, COVER_HEIGHT, COVER_WIDTH } from '@coursepack/images/build-cover-svg';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderCover } from './render-cover';

const input = { slug: 'linear-algebra', subjectSlug: 'mathematics' };

describe('renderCover', () => {
  it('renders a 1200×630 PNG', async () => {
    const png = await renderCover(input);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const metadata = await sharp(png).metadata();
    expect(metadata.format).toBe('png');
    expect(metadata.width).toBe(COVER_WIDTH);
    expect(metadata.height).toBe(COVER_HEIGHT);
  });

  it('is deterministic per slug and differs between slugs', async () => {
    const [first, second] = await Promise.all([renderCover(input), renderCover(input)]);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(buildCoverSvg({ ...input, slug: 'calculus' })).not.toBe(buildCoverSvg(input));
  });

  it('carries no text, so the title beside it is never repeated or cropped', () => {
    expect(buildCoverSvg(input)).not.toMatch(/<text|https?:\/\/(?!www\.w3\.org)/);
  });
});
