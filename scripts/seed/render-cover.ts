import { buildCoverSvg, type CoverPatternInput } from '@coursepack/images/build-cover-svg';
import sharp from 'sharp';

/**
 * A demo course's cover as PNG: the same patterned SVG that stands in for a course without a
 * cover on the site (`buildCoverSvg`), so demo and new courses look alike.
 */
export async function renderCover(input: CoverPatternInput): Promise<Uint8Array> {
  const png = await sharp(Buffer.from(buildCoverSvg(input)))
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
