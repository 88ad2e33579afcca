import { MediaError } from '../media-error';
import { invalid } from './transformation-values';

/**
 * `l_` layers: `l_{public id, ':' for '/'}` (an uploaded image) or
 * `l_text:{font}_{size}[_bold][_italic]:{text}` (text drawn with the system's fonts).
 */
export type LayerSource =
  | { kind: 'image'; publicId: string }
  | { kind: 'text'; font: string; size: number; bold: boolean; italic: boolean; text: string };

/** Bounds on text layers: the drawn text must stay a small image. */
const MAX_TEXT_LENGTH = 200;
const MAX_FONT_SIZE = 200;

function decode(part: string, text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw invalid(part, 'malformed escape in the layer');
  }
}

function parseTextLayer(part: string, value: string): LayerSource {
  const match = /^text:([^:]+):(.+)$/s.exec(value);
  if (!match) throw invalid(part, 'a text layer is l_text:{font}_{size}:{text}');
  const [family, sizeText, ...styles] = (match[1] as string).split('_');
  const size = Number(sizeText);
  if (!family || !/^[A-Za-z][A-Za-z0-9 -]{0,63}$/.test(decode(part, family))) {
    throw invalid(part, 'the font family may contain letters, digits, spaces and -');
  }
  if (!/^\d{1,3}$/.test(sizeText ?? '') || size < 1 || size > MAX_FONT_SIZE) {
    throw invalid(
      part,
      `the font size must be a whole number of pixels from 1 to ${MAX_FONT_SIZE}`,
    );
  }
  for (const style of styles) {
    if (style !== 'bold' && style !== 'italic' && style !== 'normal') {
      throw new MediaError(
        'unsupported_transformation',
        `Unsupported text style ${style} in ${part}: use bold, italic or normal`,
      );
    }
  }
  // The SDKs escape `,` and `/` in the text (%2C, %2F), then escape the URL (%252C): undo both.
  const text = decode(part, decode(part, match[2] as string));
  if (text.length > MAX_TEXT_LENGTH) {
    throw invalid(part, `text layers hold at most ${MAX_TEXT_LENGTH} characters`);
  }
  return {
    kind: 'text',
    font: decode(part, family),
    size,
    bold: styles.includes('bold'),
    italic: styles.includes('italic'),
    text,
  };
}

export function parseLayerSource(part: string, value: string): LayerSource {
  if (value.startsWith('text:')) return parseTextLayer(part, value);
  if (/^(fetch|url|subtitles|video|lut|audio):/.test(value)) {
    throw new MediaError(
      'unsupported_transformation',
      `Unsupported layer ${part}: only uploaded images and text can be layered`,
    );
  }
  // Folders are written with `:` in place of `/`.
  return { kind: 'image', publicId: decode(part, value).replaceAll(':', '/') };
}
