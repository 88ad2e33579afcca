import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeHugePagePdf,
  makePictureOnlyPdf,
  makeScannedPdf,
  SCANNED_PAGE_LINES,
} from '../testing/make-scanned-pdf';
import { openTestPdf } from '../testing/open-test-pdf';
import {
  createOcrEngine,
  FALLBACK_OCR_LANGUAGE,
  type OcrEngine,
  resolveOcrLanguage,
} from './ocr-engine';
import { rasterizePage } from './rasterize-page';
import { recognizePdfPages } from './recognize-pdf-pages';

describe('resolveOcrLanguage', () => {
  it('finds the installed English model for en and en-GB', () => {
    for (const language of ['en', 'en-GB', 'EN_us', 'eng']) {
      const resolved = resolveOcrLanguage(language);
      expect(resolved).toMatchObject({ code: 'eng', fallback: false });
      expect(resolved.langPath).toMatch(/@tesseract\.js-data[/\\]eng[/\\]/);
    }
  });

  it('falls back to English for a language whose model is not installed', () => {
    // Neither @tesseract.js-data/deu nor /fra is a dependency; were one added, pick another.
    const cases: [language: string, code: string][] = [
      ['de', 'deu'],
      ['fr-CA', 'fra'],
      ['zh-Hant', 'chi_tra'],
    ];
    for (const [language, code] of cases) {
      expect(resolveOcrLanguage(language)).toEqual({
        code: FALLBACK_OCR_LANGUAGE,
        langPath: resolveOcrLanguage('en').langPath,
        fallback: true,
        missingPackage: `@tesseract.js-data/${code}`,
      });
    }
  });

  it('falls back to English for a tag it does not know', () => {
    for (const language of ['', 'x-klingon', '../../etc']) {
      const resolved = resolveOcrLanguage(language);
      expect(resolved).toMatchObject({ code: 'eng', fallback: true });
      expect(resolved.missingPackage).toBeUndefined();
    }
  });
});

describe('rasterizePage', () => {
  it('draws a huge page within maxPixels', async () => {
    const pdf = await openTestPdf(await makeHugePagePdf(14_400));
    try {
      const maxPixels = 4_000_000;
      const image = await rasterizePage(pdf, 1, { maxPixels });
      expect(image.width * image.height).toBeLessThanOrEqual(maxPixels);
      expect(image.grey.length).toBe(image.width * image.height);
      expect(image.width).toBeGreaterThan(1900);
      // 200 inches in 2,000 pixels: 10 DPI, not the 300 asked.
      expect(image.dpi).toBeLessThan(11);
      // The drawn rectangle is there: the page was rendered, not just allocated.
      expect(image.grey.some((value) => value < 100)).toBe(true);
    } finally {
      await pdf.destroy();
    }
  });

  it('draws an 8.5-inch square page at 300 DPI under the default cap', async () => {
    const pdf = await openTestPdf(await makeHugePagePdf(612));
    try {
      const image = await rasterizePage(pdf, 1);
      expect(image).toMatchObject({ width: 2550, height: 2550, dpi: 300 });
    } finally {
      await pdf.destroy();
    }
  });
});

describe('OCR of scanned pages', () => {
  let engine: OcrEngine;
  beforeAll(async () => {
    engine = await createOcrEngine({ languages: ['en'] });
  });
  afterAll(async () => {
    await engine?.terminate();
  });

  it('reads the words of a scanned page', async () => {
    const pdf = await openTestPdf(await makeScannedPdf());
    try {
      const result = await engine.recognize(await rasterizePage(pdf, 1));
      expect(result.text).toContain('zorblax eigenvalue thermodynamics');
      expect(result.text).toContain('partition function');
      expect(result.confidence).toBeGreaterThan(80);
    } finally {
      await pdf.destroy();
    }
  });

  it('says which models it uses', () => {
    expect(engine.languages).toEqual([expect.objectContaining({ code: 'eng', fallback: false })]);
  });

  it('reads the text of a page with a figure, and nothing of the figure', async () => {
    const pdf = await openTestPdf(await makeScannedPdf({ figure: true }));
    try {
      const result = await engine.recognize(await rasterizePage(pdf, 1));
      const lines = result.text.split('\n').filter((line) => line !== '');
      expect(lines).toEqual(SCANNED_PAGE_LINES);
    } finally {
      await pdf.destroy();
    }
  });

  // Clean, slightly noisy and noisy scans fail differently: a clean circle reads as `@` at 89,
  // a hatched box as `AN`; noise gives dozens of low-scoring lines.
  it.each([0, 4, 8])('finds no text on a page of pictures (noise %i)', async (noise) => {
    const pdf = await openTestPdf(await makePictureOnlyPdf({ noise }));
    try {
      const result = await engine.recognize(await rasterizePage(pdf, 1));
      expect(result.text).toBe('');
    } finally {
      await pdf.destroy();
    }
  });
});

describe('recognizePdfPages', () => {
  it('reads the listed pages with one engine, reporting each', async () => {
    const pdf = await openTestPdf(
      await makeScannedPdf({ pages: 2, lines: ['zorblax eigenvalue thermodynamics'] }),
    );
    try {
      const reported: number[] = [];
      const warnings: string[] = [];
      const texts = await recognizePdfPages(pdf, [2], {
        languages: ['de', 'en'],
        onPage: (pageNumber) => reported.push(pageNumber),
        warn: (message) => warnings.push(message),
      });
      expect(warnings).toEqual([
        "OCR: no model for language 'de' (install @tesseract.js-data/deu); reading it as English",
      ]);
      expect([...texts.keys()]).toEqual([2]);
      expect(texts.get(2)?.text).toBe('zorblax eigenvalue thermodynamics');
      expect(reported).toEqual([2]);
      // cacheMethod 'none': no gunzipped model left in the working directory.
      expect(existsSync(path.join(process.cwd(), 'eng.traineddata'))).toBe(false);
    } finally {
      await pdf.destroy();
    }
  });

  it('reads a huge page within the pixel cap', async () => {
    const pdf = await openTestPdf(await makeHugePagePdf(14_400));
    try {
      const texts = await recognizePdfPages(pdf, [1], { languages: ['en'], maxPixels: 4_000_000 });
      expect([...texts].map(([page, { text, runs }]) => [page, text, runs])).toEqual([[1, '', []]]);
    } finally {
      await pdf.destroy();
    }
  });
});
