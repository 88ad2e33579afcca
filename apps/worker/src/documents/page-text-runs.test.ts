import { describe, expect, it } from 'vitest';
import { MAX_RUNS_PER_PAGE, ocrWordRuns, type PageView, textItemRuns } from './page-text-runs';

/** pdf.js's viewport of an upright 600 × 800 pt page at scale 1: y flipped. */
const UPRIGHT: PageView = { width: 600, height: 800, transform: [1, 0, 0, -1, 0, 800] };
/** The same page turned 90° (a /Rotate 90 page): 800 × 600 on screen. */
const TURNED: PageView = { width: 800, height: 600, transform: [0, 1, 1, 0, 0, 0] };

describe('textItemRuns', () => {
  it('boxes an item from its baseline, font size and advance width, in fractions of the page', () => {
    const runs = textItemRuns(
      [{ str: 'Eigenvalues', transform: [10, 0, 0, 10, 60, 700], width: 120 }],
      UPRIGHT,
    );
    // Baseline 100 pt below the top; the box starts an ascent (0.8 × 10 pt) above it.
    expect(runs).toEqual([[0.1, 0.115, 0.2, 0.0125, 'Eigenvalues']]);
  });

  it('follows the page’s rotation and leaves out text that is not horizontal on screen', () => {
    // Drawn upwards in PDF space on a page turned 90°: horizontal once the page is turned.
    const turned = textItemRuns(
      [{ str: 'Axis', transform: [0, 10, -10, 0, 100, 50], width: 40 }],
      TURNED,
    );
    expect(turned).toHaveLength(1);
    expect(turned[0]?.[4]).toBe('Axis');
    // An upright page's vertical label.
    const vertical = textItemRuns(
      [{ str: 'Label', transform: [0, 10, -10, 0, 100, 50], width: 40 }],
      UPRIGHT,
    );
    expect(vertical).toEqual([]);
  });

  it('drops control characters, which PostgreSQL refuses in a page’s runs, and items made of them', () => {
    const runs = textItemRuns(
      [
        { str: '\u0000', transform: [10, 0, 0, 10, 60, 700], width: 5 },
        { str: 'A\u0001B\u007f', transform: [10, 0, 0, 10, 60, 680], width: 20 },
      ],
      UPRIGHT,
    );
    expect(runs.map((run) => run[4])).toEqual(['AB']);
  });

  it('turns half a surrogate pair, which jsonb refuses, into U+FFFD, also where a long run is cut', () => {
    const runs = textItemRuns(
      [
        { str: 'x\uD835 y\uDC00', transform: [10, 0, 0, 10, 60, 700], width: 20 },
        // An emoji (two code units) across the 400-character cut, and a whole one kept.
        {
          str: `\u{1F600}${'a'.repeat(397)}\u{1F600}`,
          transform: [10, 0, 0, 10, 60, 680],
          width: 20,
        },
      ],
      UPRIGHT,
    );
    expect(runs.map((run) => run[4])).toEqual([
      'x\uFFFD y\uFFFD',
      `\u{1F600}${'a'.repeat(397)}\uFFFD`,
    ]);
  });

  it('drops blank items, clips to the page, rounds to 4 decimals and caps the count', () => {
    const runs = textItemRuns(
      [
        { str: '  ', transform: [10, 0, 0, 10, 60, 700], width: 5 },
        { str: 'off', transform: [10, 0, 0, 10, 700, 700], width: 30 },
        { str: 'edge   of\tpage', transform: [12, 0, 0, 12, 590, 700], width: 1 / 3 },
      ],
      UPRIGHT,
    );
    expect(runs).toEqual([[0.9833, 0.113, 0.0006, 0.015, 'edge of page']]);
    const many = Array.from({ length: MAX_RUNS_PER_PAGE + 5 }, () => ({
      str: 'a',
      transform: [10, 0, 0, 10, 10, 10],
      width: 5,
    }));
    expect(textItemRuns(many, UPRIGHT)).toHaveLength(MAX_RUNS_PER_PAGE);
  });
});

describe('ocrWordRuns', () => {
  it('turns word boxes in pixels into fractions of the image', () => {
    expect(
      ocrWordRuns(
        [
          { text: 'zorblax ', bbox: { x0: 200, y0: 180, x1: 400, y1: 220 } },
          { text: '', bbox: { x0: 0, y0: 0, x1: 10, y1: 10 } },
        ],
        { width: 1000, height: 2000 },
      ),
    ).toEqual([[0.2, 0.09, 0.2, 0.02, 'zorblax']]);
  });
});
