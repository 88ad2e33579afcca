import { createRandom, hashString, type Random } from './create-seeded-random';

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

export interface CoverPatternInput {
  /** Seeds the pattern, so every course looks different but always the same. */
  slug: string;
  /** Picks the colours: courses of a subject share them. */
  subjectSlug: string;
}

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
 * A course cover (1200×630, the Open Graph size) as SVG: the subject's colours and a geometric
 * pattern seeded by the slug. It carries no text: the card or page around it names the course,
 * so a title is never repeated in the image, and no crop can cut a word in half.
 */
export function buildCoverSvg(input: CoverPatternInput): string {
  const random = createRandom(hashString(input.slug));
  const palette =
    SUBJECT_PALETTES[input.subjectSlug] ??
    FALLBACK_PALETTES[hashString(input.subjectSlug) % FALLBACK_PALETTES.length] ??
    FALLBACK_PALETTES[0];
  if (!palette) throw new Error('No cover palette available');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#bg)"/>`,
    buildPattern(random, palette),
    '</svg>',
  ].join('');
}

function buildPattern(random: Random, palette: Palette): string {
  const variant = Math.floor(random() * 4);
  const shapes: string[] = [];
  // Faint enough that the pattern never competes with the text beside the cover.
  const opacity = () => round(0.08 + random() * 0.22);
  if (variant === 0) {
    // Scattered rings of varying size.
    for (let i = 0; i < 26; i++) {
      const r = round(20 + random() * 110);
      shapes.push(
        `<circle cx="${round(random() * 1200)}" cy="${round(random() * 630)}" r="${r}" fill="none" stroke="${palette.accent}" stroke-width="${round(2 + random() * 10)}" stroke-opacity="${opacity()}"/>`,
      );
    }
  } else if (variant === 1) {
    // A triangle grid with some cells filled.
    const size = 90;
    for (let row = -1; row < 9; row++) {
      for (let col = 0; col < 15; col++) {
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
      for (let col = -1; col < 15; col++) {
        if (random() < 0.35) continue;
        const cx = col * r * 1.73 + (row % 2 ? r * 0.87 : 0);
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
    for (let i = 0; i < 26; i++) {
      const x = round(-300 + i * 60 + random() * 40);
      const w = round(10 + random() * 50);
      shapes.push(
        `<rect x="${x}" y="-200" width="${w}" height="1100" fill="${palette.accent}" fill-opacity="${opacity()}" transform="rotate(28 ${x} 315)"/>`,
      );
    }
  }
  return `<g>${shapes.join('')}</g>`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
