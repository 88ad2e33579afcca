import { MediaError } from '../media-error';

/**
 * Values of Cloudinary's effect and styling parameters (`e_`, `r_`, `a_`, `b_`, `bo_`, `o_`,
 * `co_`, `fl_`), each parsed to a bounded, normalised form: every value that reaches sharp
 * has a documented range, so no parameter is a way to unbounded work.
 */

export type EffectName =
  | 'blur'
  | 'grayscale'
  | 'sepia'
  | 'sharpen'
  | 'pixelate'
  | 'brightness'
  | 'contrast';

export interface Effect {
  name: EffectName;
  level: number;
}

/** `#rrggbbaa`, lowercase. */
export type Colour = string;

export interface Border {
  width: number;
  colour: Colour;
}

export type Angle = number | 'hflip' | 'vflip';

export interface Flags {
  /** `fl_attachment` (true) or `fl_attachment:{filename}`. */
  attachment?: string | true;
  progressive?: boolean;
  layerApply?: boolean;
}

export function invalid(component: string, why: string): MediaError {
  return new MediaError('invalid_transformation', `Invalid transformation ${component}: ${why}`);
}

/** Level ranges and the level an effect without one gets, from Cloudinary's reference. */
const EFFECTS: Readonly<Record<EffectName, { min: number; max: number; fallback: number }>> = {
  blur: { min: 1, max: 2000, fallback: 100 },
  grayscale: { min: 0, max: 0, fallback: 0 },
  sepia: { min: 1, max: 100, fallback: 80 },
  sharpen: { min: 1, max: 2000, fallback: 100 },
  pixelate: { min: 1, max: 200, fallback: 5 },
  brightness: { min: -99, max: 100, fallback: 80 },
  contrast: { min: -100, max: 100, fallback: 0 },
};

/** Cloudinary spells grayscale both ways. */
const EFFECT_ALIASES: Readonly<Record<string, EffectName>> = { greyscale: 'grayscale' };

function wholeNumber(text: string | undefined): number | undefined {
  return text !== undefined && /^-?\d{1,5}$/.test(text) ? Number(text) : undefined;
}

export function parseEffect(part: string, value: string): Effect {
  const [rawName = '', level, ...extra] = value.split(':');
  const name = EFFECT_ALIASES[rawName] ?? rawName;
  if (!Object.hasOwn(EFFECTS, name)) {
    throw new MediaError(
      'unsupported_transformation',
      `Unsupported transformation parameter ${part}: the effects implemented are ${Object.keys(EFFECTS).join(', ')}`,
    );
  }
  const range = EFFECTS[name as EffectName];
  if (extra.length > 0) throw invalid(part, 'expected e_name or e_name:level');
  if (level === undefined) return { name: name as EffectName, level: range.fallback };
  const number = wholeNumber(level);
  if (number === undefined || number < range.min || number > range.max) {
    throw invalid(
      part,
      range.max === range.min
        ? `${name} takes no level`
        : `${name} level must be a whole number from ${range.min} to ${range.max}`,
    );
  }
  return { name: name as EffectName, level: number };
}

/** CSS's basic and most used named colours; anything else can be written `rgb:RRGGBB`. */
const NAMED_COLOURS: Readonly<Record<string, string>> = {
  transparent: '00000000',
  black: '000000',
  white: 'ffffff',
  red: 'ff0000',
  green: '008000',
  lime: '00ff00',
  blue: '0000ff',
  yellow: 'ffff00',
  cyan: '00ffff',
  aqua: '00ffff',
  magenta: 'ff00ff',
  fuchsia: 'ff00ff',
  gray: '808080',
  grey: '808080',
  silver: 'c0c0c0',
  maroon: '800000',
  olive: '808000',
  navy: '000080',
  purple: '800080',
  teal: '008080',
  orange: 'ffa500',
  pink: 'ffc0cb',
  brown: 'a52a2a',
  gold: 'ffd700',
  indigo: '4b0082',
  violet: 'ee82ee',
  beige: 'f5f5dc',
  khaki: 'f0e68c',
  lightgray: 'd3d3d3',
  lightgrey: 'd3d3d3',
  darkgray: 'a9a9a9',
  darkgrey: 'a9a9a9',
};

/** `rgb:RGB`, `rgb:RRGGBB`, `rgb:RRGGBBAA`, `#…` the same, or a colour name. */
export function parseColour(part: string, value: string): Colour {
  const hex = /^(?:rgb:|#)([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value)?.[1];
  const digits =
    hex === undefined
      ? NAMED_COLOURS[value.toLowerCase()]
      : hex.length === 3
        ? [...hex].map((digit) => digit + digit).join('')
        : hex;
  if (digits === undefined) {
    throw invalid(part, 'colour must be rgb:RRGGBB, rgb:RRGGBBAA or a basic colour name');
  }
  return `#${(digits.length === 6 ? `${digits}ff` : digits).toLowerCase()}`;
}

/** `bo_{width}px_solid_{colour}`. */
export function parseBorder(part: string, value: string): Border {
  const match = /^(\d{1,3})px_solid_(.+)$/.exec(value);
  const width = Number(match?.[1]);
  if (!match || width < 1 || width > 100) {
    throw invalid(part, 'border must be {1-100}px_solid_{colour}');
  }
  return { width, colour: parseColour(part, match[2] as string) };
}

/** `r_{pixels}` or `r_max` (a circle or ellipse). */
export function parseRadius(part: string, value: string): number | 'max' {
  if (value === 'max') return 'max';
  const radius = wholeNumber(value);
  if (radius === undefined || radius < 0 || radius > 4096) {
    throw invalid(part, 'radius must be max or a whole number of pixels up to 4096');
  }
  return radius;
}

/** `a_{degrees}` (clockwise), `a_hflip`, `a_vflip`. */
export function parseAngle(part: string, value: string): Angle {
  if (value === 'hflip' || value === 'vflip') return value;
  const degrees = wholeNumber(value);
  if (degrees === undefined || Math.abs(degrees) > 360) {
    throw invalid(part, 'angle must be degrees from -360 to 360, hflip or vflip');
  }
  return degrees;
}

/** `o_{0-100}`. */
export function parseOpacity(part: string, value: string): number {
  const opacity = wholeNumber(value);
  if (opacity === undefined || opacity < 0 || opacity > 100) {
    throw invalid(part, 'opacity must be a whole number from 0 to 100');
  }
  return opacity;
}

/** `fl_a.b` or `fl_attachment:{name}`. */
export function parseFlags(part: string, value: string, flags: Flags): void {
  for (const flag of value.split('.')) {
    const [name, argument] = flag.split(/:(.*)/s) as [string, string | undefined];
    switch (name) {
      case 'attachment':
        if (argument !== undefined && !/^[\w.-]{1,100}$/.test(argument)) {
          throw invalid(part, 'an attachment name may only contain letters, digits, _ . and -');
        }
        flags.attachment = argument ?? true;
        break;
      case 'progressive':
        flags.progressive = true;
        break;
      case 'layer_apply':
        flags.layerApply = true;
        break;
      case 'no_overflow':
        // Layers are always clipped to the image here, which is what this flag asks for.
        break;
      default:
        throw new MediaError(
          'unsupported_transformation',
          `Unsupported flag ${part}: the flags implemented are attachment, progressive, layer_apply and no_overflow`,
        );
    }
  }
}
