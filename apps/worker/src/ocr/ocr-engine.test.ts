import { existsSync, realpathSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'tesseract.js';
import { describe, expect, it } from 'vitest';
import { keepConfidentText, linkModelFolder, resolveOcrLanguage } from './ocr-engine';

type Word = { text: string; confidence: number; height?: number };

/** The part of Tesseract's result keepConfidentText reads. */
function page(paragraphs: { confidence: number; words: Word[] }[][]): Page {
  const blocks = [
    {
      paragraphs: paragraphs.map((lines) => ({
        lines: lines.map((line) => ({
          confidence: line.confidence,
          words: line.words.map(({ height = 40, ...word }) => ({
            ...word,
            bbox: { x0: 0, y0: 100, x1: 200, y1: 100 + height },
          })),
        })),
      })),
    },
  ];
  // Only blocks → paragraphs → lines → words are read; the rest of Page is irrelevant here.
  return { blocks } as unknown as Page;
}

describe('keepConfidentText', () => {
  it('keeps confident words of confident lines, a paragraph a block of lines', () => {
    const result = keepConfidentText(
      page([
        [
          {
            confidence: 92,
            words: [
              { text: 'zorblax', confidence: 91 },
              { text: '~', confidence: 20 },
              { text: 'eigenvalue', confidence: 93 },
            ],
          },
          { confidence: 90, words: [{ text: 'thermodynamics', confidence: 90 }] },
        ],
        [{ confidence: 95, words: [{ text: '12', confidence: 95 }] }],
      ]),
    );
    expect(result).toEqual({ text: 'zorblax eigenvalue\nthermodynamics\n\n12', confidence: 92 });
  });

  it('drops a line of shapes even where a word of it scores well', () => {
    const result = keepConfidentText(
      page([
        [
          {
            confidence: 31,
            words: [
              { text: '|', confidence: 58 },
              { text: ':', confidence: 70 },
              { text: 'ESN', confidence: 38 },
            ],
          },
        ],
      ]),
    );
    expect(result).toEqual({ text: '', confidence: 0 });
  });

  it('drops lines of symbols and words taller than maxWordHeight', () => {
    const result = keepConfidentText(
      page([
        [{ confidence: 89, words: [{ text: '@', confidence: 89 }] }],
        [{ confidence: 68, words: [{ text: 'AN', confidence: 68, height: 660 }] }],
        [{ confidence: 90, words: [{ text: 'Seminar', confidence: 90, height: 250 }] }],
      ]),
      { maxWordHeight: 300 },
    );
    expect(result).toEqual({ text: 'Seminar', confidence: 90 });
  });
});

describe('linkModelFolder', () => {
  it('uses a package folder as is when every model is in it', async () => {
    const english = resolveOcrLanguage('en');
    const folder = await linkModelFolder([english]);
    expect(folder.langPath).toBe(english.langPath);
    await folder.cleanup();
    expect(existsSync(english.langPath)).toBe(true);
  });

  it('links models of several packages into one temporary folder, removed afterwards', async () => {
    const english = resolveOcrLanguage('en');
    // A second "package" holding a model under another name.
    const other = await mkdtemp(path.join(tmpdir(), 'coursepack-ocr-test-'));
    try {
      await symlink(
        path.join(english.langPath, 'eng.traineddata.gz'),
        path.join(other, 'xyz.traineddata.gz'),
      );
      const folder = await linkModelFolder([
        english,
        { code: 'xyz', langPath: other, fallback: false },
      ]);
      expect(folder.langPath.startsWith(tmpdir())).toBe(true);
      for (const code of ['eng', 'xyz']) {
        expect(realpathSync(path.join(folder.langPath, `${code}.traineddata.gz`))).toBe(
          realpathSync(path.join(english.langPath, 'eng.traineddata.gz')),
        );
      }
      await folder.cleanup();
      expect(existsSync(folder.langPath)).toBe(false);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
