import sharp from 'sharp';
import { createRandom, hashString, type Random } from './create-seeded-random';

export interface CoverInput {
  /** Seeds the pattern, so every course looks different but always the same. */
  slug: string;
  code: string;
  title: string;
  subjectSlug: string;
  subjectName: string;
  institutionName: string;
}

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

interface Palette {
  from: string;
  to: string;
  accent: string;
}

const SUBJECT_PALETTES: Readonly<Record<string, Palette>> = {
  mathematics: { from: '#1e3a8a', to: '#3b82f6', accent: '#bfdbfe' },
  'computer-science': { from: '#134e4a', to: '#0d9488', accent: '#99f6e4' },
  physics: { from: '#4c1d95', to: '#7c3aed', accent: '#ddd6fe' },
  economics: { from: '#78350f', to: '#d97706', accent: '#fde68a' },
  biology: { from: '#14532d', to: '#16a34a', accent: '#bbf7d0' },
  history: { from: '#7f1d1d', to: '#dc2626', accent: '#fecaca' },
};

// Subjects added later still get a stable palette, picked by their slug.
const FALLBACK_PALETTES: readonly Palette[] = [
  { from: '#312e81', to: '#6366f1', accent: '#c7d2fe' },
  { from: '#831843', to: '#db2777', accent: '#fbcfe8' },
  { from: '#164e63', to: '#0891b2', accent: '#a5f3fc' },
];

/**
 * A course cover (1200×630, the Open Graph size) as PNG: the subject's colours,
 * a geometric pattern seeded by the slug, and the code and title in large type.
 * Text uses the generic `sans-serif` family, so it renders with whatever fonts
 * librsvg finds; no network and no bundled font files.
 */
export async function renderCover(input: CoverInput): Promise<Uint8Array> {
  const png = await sharp(Buffer.from(buildCoverSvg(input)))
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

export function buildCoverSvg(input: CoverInput): string {
  const random = createRandom(hashString(input.slug));
  const palette =
    SUBJECT_PALETTES[input.subjectSlug] ??
    FALLBACK_PALETTES[hashString(input.subjectSlug) % FALLBACK_PALETTES.length] ??
    FALLBACK_PALETTES[0];
  if (!palette) throw new Error('No cover palette available');

  const titleSize = input.title.length > 34 ? 62 : 72;
  const titleLines = wrapWords(input.title, Math.floor(700 / (titleSize * 0.56))).slice(0, 3);
  const titleTop = 630 - 150 - titleLines.length * titleSize * 1.1;

  const titleText = titleLines
    .map(
      (line, i) =>
        `<tspan x="72" y="${round(titleTop + (i + 1) * titleSize * 1.1)}">${escapeXml(line)}</tspan>`,
    )
    .join('');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
    '<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0.35" stop-color="#000" stop-opacity="0.28"/><stop offset="0.75" stop-color="#000" stop-opacity="0"/></linearGradient>',
    '</defs>',
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#bg)"/>`,
    buildPattern(random, palette),
    // Darkens the text side so white type keeps its contrast over any pattern.
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#fade)"/>`,
    `<text x="72" y="104" font-family="sans-serif" font-size="26" font-weight="700" letter-spacing="4" fill="${palette.accent}">${escapeXml(input.subjectName.toUpperCase())}</text>`,
    `<text x="72" y="${round(titleTop - 8)}" font-family="sans-serif" font-size="40" font-weight="700" fill="#ffffff" fill-opacity="0.85">${escapeXml(input.code)}</text>`,
    `<text font-family="sans-serif" font-size="${titleSize}" font-weight="700" fill="#ffffff">${titleText}</text>`,
    `<rect x="72" y="520" width="96" height="6" rx="3" fill="${palette.accent}"/>`,
    `<text x="72" y="572" font-family="sans-serif" font-size="28" fill="#ffffff" fill-opacity="0.9">${escapeXml(input.institutionName)}</text>`,
    '</svg>',
  ].join('');
}

function buildPattern(random: Random, palette: Palette): string {
  const variant = Math.floor(random() * 4);
  const shapes: string[] = [];
  const opacity = () => round(0.08 + random() * 0.22);
  if (variant === 0) {
    // Scattered rings of varying size.
    for (let i = 0; i < 16; i++) {
      const r = round(20 + random() * 110);
      shapes.push(
        `<circle cx="${round(520 + random() * 720)}" cy="${round(random() * 630)}" r="${r}" fill="none" stroke="${palette.accent}" stroke-width="${round(2 + random() * 10)}" stroke-opacity="${opacity()}"/>`,
      );
    }
  } else if (variant === 1) {
    // A triangle grid with some cells filled.
    const size = 90;
    for (let row = -1; row < 9; row++) {
      for (let col = 6; col < 15; col++) {
        if (random() < 0.45) continue;
        const x = col * size - (row % 2) * (size / 2);
        const y = row * size * 0.87;
        const up = random() < 0.5;
        const points = up
          ? `${x},${round(y + size * 0.87)} ${x + size / 2},${round(y)} ${x + size},${round(y + size * 0.87)}`
          : `${x},${round(y)} ${x + size},${round(y)} ${x + size / 2},${round(y + size * 0.87)}`;
        shapes.push(
          `<polygon points="${points}" fill="${palette.accent}" fill-opacity="${opacity()}"/>`,
        );
      }
    }
  } else if (variant === 2) {
    // Hexagons on a honeycomb lattice.
    const r = 46;
    for (let row = -1; row < 9; row++) {
      for (let col = 0; col < 9; col++) {
        if (random() < 0.35) continue;
        const cx = 560 + col * r * 1.73 + (row % 2 ? r * 0.87 : 0);
        const cy = row * r * 1.5;
        const points = Array.from({ length: 6 }, (_, k) => {
          const angle = (Math.PI / 3) * k + Math.PI / 6;
          return `${round(cx + r * 0.92 * Math.cos(angle))},${round(cy + r * 0.92 * Math.sin(angle))}`;
        }).join(' ');
        shapes.push(
          `<polygon points="${points}" fill="${palette.accent}" fill-opacity="${opacity()}"/>`,
        );
      }
    }
  } else {
    // Diagonal bars of random widths.
    for (let i = 0; i < 14; i++) {
      const x = round(480 + i * 60 + random() * 40);
      const w = round(10 + random() * 50);
      shapes.push(
        `<rect x="${x}" y="-200" width="${w}" height="1100" fill="${palette.accent}" fill-opacity="${opacity()}" transform="rotate(28 ${x} 315)"/>`,
      );
    }
  }
  return `<g>${shapes.join('')}</g>`;
}

function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (candidate.length <= maxChars || current === '') current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
