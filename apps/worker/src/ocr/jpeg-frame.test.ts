import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readJpegFrame } from './jpeg-frame';

function grey(width: number, height: number) {
  return sharp(Buffer.alloc(width * height, 128), {
    raw: { width, height, channels: 1 },
  }).toColourspace('b-w');
}

describe('readJpegFrame', () => {
  it("reads a baseline JPEG's size and components", async () => {
    const jpeg = await grey(300, 200).jpeg().toBuffer();
    expect(readJpegFrame(jpeg)).toEqual({
      width: 300,
      height: 200,
      components: 1,
      precision: 8,
      huffman: true,
      exif: false,
    });
  });

  it('reads a progressive colour JPEG, and its Exif block', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } })
      .jpeg({ progressive: true })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(readJpegFrame(jpeg)).toMatchObject({ width: 40, height: 30, components: 3, exif: true });
  });

  it('answers undefined for what is not a JPEG, or one cut before its frame', async () => {
    const png = await grey(10, 10).png().toBuffer();
    expect(readJpegFrame(png)).toBeUndefined();
    const jpeg = await grey(10, 10).jpeg().toBuffer();
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(readJpegFrame(jpeg.subarray(0, frame + 4))).toBeUndefined();
  });
});
