import type { PageTextRun } from '@coursepack/db/schema';
import { type Matrix, multiply } from '../ocr/image-draws';

/**
 * Text runs with their boxes as fractions of the page (`document_pages.text_layer`, migration
 * 0012), from pdf.js's text items or Tesseract's words. Plain functions of numbers, so the
 * geometry is tested without a PDF.
 */

/** Runs kept per page: a dense page of prose has 300–600 pdf.js items, or as many OCR'd words. */
export const MAX_RUNS_PER_PAGE = 2_000;
/** Characters of one run's text: a run longer than a line is not a run. */
const MAX_RUN_CHARS = 400;
/** 4 decimals: a tenth of a pixel on a 1,000-pixel page, and 6 bytes a number in JSON. */
const SCALE = 10_000;

/** What pdf.js's getTextContent / streamTextContent gives for one piece of text. */
export interface PdfTextItem {
  str: string;
  transform: readonly number[];
  /** The advance width, in the page's units (points). */
  width: number;
}

/** The page as pdf.js's viewport at scale 1 sees it: CSS-like space, y down, rotation applied. */
export interface PageView {
  width: number;
  height: number;
  transform: readonly number[];
}

/** Tesseract's word: its text and its box in the image's pixels. */
export interface OcrWord {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/** A pdf.js transform (six numbers) as a matrix; a malformed one as the identity. */
function matrixOf(transform: readonly number[]): Matrix {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = transform;
  return [a, b, c, d, e, f];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is its purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
/** Half of a surrogate pair without the other half (a broken ToUnicode map, a cut). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text PostgreSQL stores, in text and in jsonb (a page's runs): without control characters (a
 * font specimen shows codes 0–31 too, and NUL failed every attempt to store such a page) and
 * with a lone surrogate, which jsonb refuses, turned into U+FFFD.
 */
export function storableText(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '').replace(LONE_SURROGATE, '\uFFFD');
}

const round = (value: number) => Math.round(value * SCALE) / SCALE;
const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * A run from a box in page units, or undefined when nothing of it is on the page or it has no
 * text: clipped to the page and rounded.
 */
function toRun(
  text: string,
  left: number,
  top: number,
  width: number,
  height: number,
  page: { width: number; height: number },
): PageTextRun | undefined {
  const trimmed = storableText(text).replace(/\s+/g, ' ');
  if (trimmed.trim() === '' || page.width <= 0 || page.height <= 0) return undefined;
  const x0 = clamp(left / page.width);
  const y0 = clamp(top / page.height);
  const x1 = clamp((left + width) / page.width);
  const y1 = clamp((top + height) / page.height);
  if (x1 - x0 <= 0 || y1 - y0 <= 0) return undefined;
  // Again once cut: the cut may fall between the two halves of a pair.
  const kept = storableText(trimmed.slice(0, MAX_RUN_CHARS));
  return [round(x0), round(y0), round(x1 - x0), round(y1 - y0), kept];
}

/** Roughly where a line's top is above its baseline, as a share of the font size (pdf.js's default ascent). */
const ASCENT = 0.8;

/**
 * The runs of a page's pdf.js text items. An item's transform (its text matrix times the font
 * size) puts its baseline's start on the page; the viewport's turns that into top-left space
 * with the page's rotation. The box spans the advance width and one font size, from the
 * ascent above the baseline. Text that is not horizontal once the page is turned (a rotated
 * axis label) is left out: a horizontal box would cover the wrong words.
 */
export function textItemRuns(items: readonly PdfTextItem[], view: PageView): PageTextRun[] {
  const runs: PageTextRun[] = [];
  for (const item of items) {
    if (runs.length >= MAX_RUNS_PER_PAGE) break;
    // The item's own transform first, then the viewport's.
    const [a, b, c, d, e, f] = multiply(matrixOf(item.transform), matrixOf(view.transform));
    const size = Math.hypot(c, d);
    const scaleX = Math.hypot(a, b);
    if (size <= 0 || Math.abs(b) > scaleX * 0.05 || a <= 0) continue;
    // The item's width is in page units along its own axis; the viewport's scale applies.
    const viewScale = Math.hypot(view.transform[0] ?? 0, view.transform[1] ?? 0);
    const run = toRun(item.str, e, f - size * ASCENT, item.width * viewScale, size, view);
    if (run) runs.push(run);
  }
  return runs;
}

/** The runs of Tesseract's words on an image of the whole page (`size` in pixels). */
export function ocrWordRuns(
  words: readonly OcrWord[],
  size: { width: number; height: number },
): PageTextRun[] {
  const runs: PageTextRun[] = [];
  for (const { text, bbox } of words) {
    if (runs.length >= MAX_RUNS_PER_PAGE) break;
    const run = toRun(text.trim(), bbox.x0, bbox.y0, bbox.x1 - bbox.x0, bbox.y1 - bbox.y0, size);
    if (run) runs.push(run);
  }
  return runs;
}
