import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PageTextRun } from '@coursepack/db/schema';
import { createWorker, OEM, type Page, type Word } from 'tesseract.js';
import { ocrWordRuns } from '../documents/page-text-runs';
import { encodePgm, type RasterizedPage } from './rasterize-page';

/**
 * OCR with tesseract.js, entirely offline: the WebAssembly core comes from the installed
 * tesseract.js-core (tesseract.js requires it in Node, never fetches it) and each language's
 * model from an installed `@tesseract.js-data/<code>` package. Nothing is downloaded and nothing
 * is cached on disk.
 */

/** ISO 639-1 (what a course's language is stored as) to Tesseract's model names. */
const TESSERACT_CODES: Record<string, string> = {
  af: 'afr',
  am: 'amh',
  ar: 'ara',
  az: 'aze',
  be: 'bel',
  bg: 'bul',
  bn: 'ben',
  ca: 'cat',
  cs: 'ces',
  cy: 'cym',
  da: 'dan',
  de: 'deu',
  el: 'ell',
  en: 'eng',
  eo: 'epo',
  es: 'spa',
  et: 'est',
  eu: 'eus',
  fa: 'fas',
  fi: 'fin',
  fr: 'fra',
  ga: 'gle',
  gl: 'glg',
  gu: 'guj',
  he: 'heb',
  hi: 'hin',
  hr: 'hrv',
  hu: 'hun',
  hy: 'hye',
  id: 'ind',
  is: 'isl',
  it: 'ita',
  ja: 'jpn',
  ka: 'kat',
  kk: 'kaz',
  km: 'khm',
  kn: 'kan',
  ko: 'kor',
  la: 'lat',
  lo: 'lao',
  lt: 'lit',
  lv: 'lav',
  mk: 'mkd',
  ml: 'mal',
  mr: 'mar',
  ms: 'msa',
  mt: 'mlt',
  my: 'mya',
  nb: 'nor',
  ne: 'nep',
  nl: 'nld',
  nn: 'nor',
  no: 'nor',
  pa: 'pan',
  pl: 'pol',
  pt: 'por',
  ro: 'ron',
  ru: 'rus',
  si: 'sin',
  sk: 'slk',
  sl: 'slv',
  sq: 'sqi',
  sr: 'srp',
  sv: 'swe',
  sw: 'swa',
  ta: 'tam',
  te: 'tel',
  th: 'tha',
  tl: 'tgl',
  tr: 'tur',
  uk: 'ukr',
  ur: 'urd',
  vi: 'vie',
  zh: 'chi_sim',
};

/** Chinese is the one language whose script, not its language, picks the model. */
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)\b/i;

export const FALLBACK_OCR_LANGUAGE = 'eng';

export interface OcrLanguage {
  /** Tesseract's name for the model (`eng`, `deu`, `chi_sim`…). */
  code: string;
  /** The folder holding `<code>.traineddata.gz`. */
  langPath: string;
  /** True when the course's language had no installed model and English is read instead. */
  fallback: boolean;
  /** With `fallback`: the package that would have had the language's model, when one exists. */
  missingPackage?: string;
}

const requireHere = createRequire(import.meta.url);

function tesseractCode(courseLanguage: string): string | undefined {
  const tag = courseLanguage.trim().toLowerCase();
  if (TRADITIONAL_CHINESE.test(tag)) return 'chi_tra';
  const primary = tag.split(/[-_]/)[0] ?? '';
  if (primary in TESSERACT_CODES) return TESSERACT_CODES[primary];
  // Already a Tesseract name ('deu', 'chi_sim'): taken as given if its model is installed.
  return /^[a-z]{3}(_[a-z]+)?$/.test(tag) ? tag : undefined;
}

/**
 * The installed model folder for `code`, or undefined. The package's LSTM-only `best_int`
 * model is preferred when it ships one: it is what tesseract.js itself loads for the LSTM engine
 * we run, and a quarter of the size of the default folder, whose legacy-engine half we never
 * use (less to gunzip and hold per worker).
 */
function installedModelFolder(code: string): string | undefined {
  let data: { langPath?: unknown };
  try {
    data = requireHere(`@tesseract.js-data/${code}`);
  } catch {
    return undefined;
  }
  if (typeof data.langPath !== 'string') return undefined;
  const bestInt = `${data.langPath}_best_int`;
  for (const folder of [bestInt, data.langPath]) {
    if (existsSync(path.join(folder, `${code}.traineddata.gz`))) return folder;
  }
  return undefined;
}

/**
 * The model for a course's language (`en`, `de`, `fr-CA`, `zh-Hant`…), or English's with
 * `fallback: true` when that language's `@tesseract.js-data/<code>` package is not installed.
 */
export function resolveOcrLanguage(courseLanguage: string): OcrLanguage {
  const code = tesseractCode(courseLanguage);
  const folder = code ? installedModelFolder(code) : undefined;
  if (code && folder) return { code, langPath: folder, fallback: false };
  const english = installedModelFolder(FALLBACK_OCR_LANGUAGE);
  if (!english) {
    throw new Error(
      `No OCR model installed: @tesseract.js-data/${FALLBACK_OCR_LANGUAGE} is a dependency of @coursepack/worker`,
    );
  }
  const fallback = { code: FALLBACK_OCR_LANGUAGE, langPath: english, fallback: true };
  return code && code !== FALLBACK_OCR_LANGUAGE
    ? { ...fallback, missingPackage: `@tesseract.js-data/${code}` }
    : fallback;
}

export interface OcrResult {
  /** Lines of the words Tesseract is confident of; '' for a page without any. */
  text: string;
  /** Mean confidence (0–100) of the words kept, 0 when none were. */
  confidence: number;
}

/** An encoded image (JPEG, PNG…) Tesseract decodes itself, its size in pixels and its pixels per inch. */
export interface ImageFile {
  file: Uint8Array;
  width: number;
  height: number;
  dpi: number;
}

/** A page read by OCR: its text, and where its words are (the page text layer). */
export interface OcrPage extends OcrResult {
  runs: PageTextRun[];
}

export interface OcrEngine {
  /** The models in use, in the order asked; a `fallback` one stands for a missing language. */
  readonly languages: readonly OcrLanguage[];
  /** A rasterized page, or an image file (a page's JPEG) with its resolution. */
  recognize(image: RasterizedPage | ImageFile): Promise<OcrPage>;
  terminate(): Promise<void>;
}

export interface OcrEngineOptions {
  /** Course languages, most likely first; English when empty. */
  languages: string[];
  minWordConfidence?: number;
  minLineConfidence?: number;
  /**
   * Tesseract reads again, inverted, every line it is unsure of, in case it is light text on
   * dark. Off by default: scanned course material rarely has any, and the retries cost a
   * quarter of the time of a text page and more on pages of pictures, where every line is
   * unsure. Turn on for scanned slides with light-on-dark headings.
   */
  readInvertedText?: boolean;
}

/**
 * Figures from pages of shapes and gradients, where Tesseract still "reads" words: their lines
 * score 0–35 and their words rarely above 60, while printed text scores 85–96 even through
 * scan noise. Below these, a word is more likely a misread figure than a misread word.
 */
export const DEFAULT_MIN_WORD_CONFIDENCE = 60;
export const DEFAULT_MIN_LINE_CONFIDENCE = 50;

export interface TextFilter {
  minWordConfidence?: number;
  minLineConfidence?: number;
  /**
   * Taller "words" are shapes (a circle read as `@` at 89, a hatched box as `AN` at 68): one
   * inch, 72 pt type, is more than any heading of a course handout. In pixels; none when absent.
   */
  maxWordHeight?: number;
}

/** A line of only punctuation and symbols (`|`, `°`, `~ ,`) is an edge or a dot, not text. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The confident words of each confident line Tesseract found, by paragraph. */
function confidentParagraphs(
  page: Page,
  {
    minWordConfidence = DEFAULT_MIN_WORD_CONFIDENCE,
    minLineConfidence = DEFAULT_MIN_LINE_CONFIDENCE,
    maxWordHeight = Number.POSITIVE_INFINITY,
  }: TextFilter,
): Word[][][] {
  const paragraphs: Word[][][] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      const lines: Word[][] = [];
      for (const line of paragraph.lines) {
        if (line.confidence < minLineConfidence) continue;
        const words = line.words.filter(
          (word) =>
            word.confidence >= minWordConfidence &&
            word.bbox.y1 - word.bbox.y0 <= maxWordHeight &&
            word.text.trim() !== '',
        );
        if (!words.some((word) => LETTER_OR_DIGIT.test(word.text))) continue;
        lines.push(words);
      }
      if (lines.length > 0) paragraphs.push(lines);
    }
  }
  return paragraphs;
}

/** Keeps the confident words of confident lines, one output line per line Tesseract found. */
export function keepConfidentText(page: Page, filter: TextFilter = {}): OcrResult {
  const paragraphs = confidentParagraphs(page, filter);
  const words = paragraphs.flat(2);
  const confidenceSum = words.reduce((sum, word) => sum + word.confidence, 0);
  return {
    text: paragraphs
      .map((lines) =>
        lines.map((line) => line.map((word) => word.text.trim()).join(' ')).join('\n'),
      )
      .join('\n\n'),
    confidence: words.length === 0 ? 0 : Math.round(confidenceSum / words.length),
  };
}

/** The boxes of the words keepConfidentText keeps, as fractions of an image of `size` pixels. */
export function confidentWordRuns(
  page: Page,
  size: { width: number; height: number },
  filter: TextFilter = {},
): PageTextRun[] {
  return ocrWordRuns(confidentParagraphs(page, filter).flat(2), size);
}

/**
 * Tesseract takes one folder for all its models; languages from several packages are linked
 * into a temporary one (removed by `terminate`).
 */
export async function linkModelFolder(
  languages: OcrLanguage[],
): Promise<{ langPath: string; cleanup: () => Promise<void> }> {
  const folders = new Set(languages.map((language) => language.langPath));
  const [only] = folders;
  if (folders.size === 1 && only) return { langPath: only, cleanup: async () => {} };
  const langPath = await mkdtemp(path.join(tmpdir(), 'coursepack-ocr-'));
  const cleanup = () => rm(langPath, { recursive: true, force: true });
  try {
    for (const language of languages) {
      const file = `${language.code}.traineddata.gz`;
      await symlink(path.join(language.langPath, file), path.join(langPath, file));
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { langPath, cleanup };
}

const MIN_TESSERACT_DPI = 70;

/**
 * One Tesseract worker (a worker thread running the WebAssembly core), loaded once and reused
 * for every page: loading a model costs about as much as reading a page.
 */
export async function createOcrEngine(options: OcrEngineOptions): Promise<OcrEngine> {
  const asked = options.languages.length > 0 ? options.languages : ['en'];
  const resolved = asked.map(resolveOcrLanguage);
  const languages = resolved.filter(
    (language, index) => resolved.findIndex((other) => other.code === language.code) === index,
  );
  const folder = await linkModelFolder(languages);
  let worker: Awaited<ReturnType<typeof createWorker>> | undefined;
  try {
    worker = await createWorker(
      languages.map((language) => language.code),
      OEM.LSTM_ONLY,
      {
        langPath: folder.langPath,
        gzip: true,
        // The default writes each model, gunzipped, into the working directory and reads it
        // back next time; the packaged model is already on disk.
        cacheMethod: 'none',
      },
    );
    await worker.setParameters({ tessedit_do_invert: options.readInvertedText ? '1' : '0' });
  } catch (error) {
    await worker?.terminate();
    await folder.cleanup();
    throw error;
  }
  const tesseract = worker;
  let dpi: number | undefined;
  return {
    languages: resolved,
    async recognize(image) {
      // A PGM carries no resolution and a scan's JPEG rarely the right one: Tesseract's guess
      // from the pixels warns and misjudges small print. Tesseract refuses less than 70 (a huge
      // page drawn under the pixel cap), with a warning.
      const imageDpi = Math.max(MIN_TESSERACT_DPI, Math.round(image.dpi));
      if (imageDpi !== dpi) {
        await tesseract.setParameters({ user_defined_dpi: String(imageDpi) });
        dpi = imageDpi;
      }
      const file =
        'grey' in image
          ? encodePgm(image)
          : Buffer.from(image.file.buffer, image.file.byteOffset, image.file.byteLength);
      const { data } = await tesseract.recognize(file, {}, { text: false, blocks: true });
      const filter: TextFilter = {
        minWordConfidence: options.minWordConfidence,
        minLineConfidence: options.minLineConfidence,
        // One inch of the page.
        maxWordHeight: image.dpi,
      };
      return { ...keepConfidentText(data, filter), runs: confidentWordRuns(data, image, filter) };
    },
    async terminate() {
      try {
        await tesseract.terminate();
      } finally {
        await folder.cleanup();
      }
    },
  };
}
