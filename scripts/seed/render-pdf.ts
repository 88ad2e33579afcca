import type { DocumentKind } from '@coursepack/db/schema';
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { PageBlock } from './parse-page-markup';
import { sanitizeWinAnsiText } from './sanitize-win-ansi-text';

export interface PdfDocumentInput {
  title: string;
  description: string;
  kind: DocumentKind;
  courseTitle: string;
  courseCode: string;
  institutionName: string;
  /** One entry per PDF page; each page's blocks must fit on one page. */
  pages: readonly (readonly PageBlock[])[];
}

/**
 * Every demo PDF carries the same dates, so rendering the same input twice gives
 * byte-identical files (stable checksums, and no re-upload churn on reseeding).
 */
export const DEMO_PDF_DATE = new Date('2025-01-06T09:00:00.000Z');

export const KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  notes: 'Lecture notes',
  slides: 'Slides',
  exercises: 'Exercise sheet',
  exam: 'Past exam',
  summary: 'Summary',
  other: 'Course material',
};

const INK = rgb(0.11, 0.13, 0.17);
const MUTED = rgb(0.4, 0.43, 0.49);
const ACCENT = rgb(0.22, 0.27, 0.75);
const RULE = rgb(0.82, 0.84, 0.88);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

/** Type sizes before fitting; slides are read from further away, so they start larger. */
interface TypeScale {
  body: number;
  heading1: number;
  heading2: number;
}

const DOCUMENT_SCALE: TypeScale = { body: 10.5, heading1: 15, heading2: 12.5 };
const SLIDE_SCALE: TypeScale = { body: 15, heading1: 24, heading2: 17 };
// Tried in order until a page's content fits; a page that fits none is a content error.
const FIT_FACTORS = [1, 0.94, 0.88, 0.82, 0.76, 0.7];

const LINE_HEIGHT = 1.42;
const HEADER_SIZE = 8.5;
const FOOTER_SIZE = 8.5;

/** Renders a demo document as a real multi-page PDF; deterministic for the same input. */
export async function renderPdf(input: PdfDocumentInput): Promise<Uint8Array> {
  if (input.pages.length === 0) throw new Error(`"${input.title}" has no pages`);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
  };

  const heading = titleBlockOf(input);
  const { kindLabel, title, course } = heading;

  pdf.setTitle(title, { showInWindowTitleBar: true });
  pdf.setAuthor(sanitizeWinAnsiText(`${input.courseCode} teaching team, ${input.institutionName}`));
  pdf.setSubject(`${course} - ${kindLabel}`);
  pdf.setKeywords([input.courseCode, input.courseTitle, kindLabel].map(sanitizeWinAnsiText));
  pdf.setCreator('Coursepack');
  pdf.setProducer('Coursepack demo content (pdf-lib)');
  pdf.setLanguage('en');
  pdf.setCreationDate(DEMO_PDF_DATE);
  pdf.setModificationDate(DEMO_PDF_DATE);

  const isSlides = input.kind === 'slides';
  const [portraitWidth, portraitHeight] = PageSizes.A4;
  const [width, height] = isSlides
    ? [portraitHeight, portraitWidth]
    : [portraitWidth, portraitHeight];
  const margin = isSlides ? 48 : 56;
  const scale = isSlides ? SLIDE_SCALE : DOCUMENT_SCALE;
  const total = input.pages.length;

  input.pages.forEach((blocks, index) => {
    const page = pdf.addPage([width, height]);
    const frame: Frame = { page, fonts, left: margin, right: width - margin, top: height - margin };
    drawHeader(frame, course, kindLabel);
    let y = frame.top - 26;
    if (index === 0) {
      y = drawTitleBlock(frame, y, { ...heading, large: isSlides });
    }
    const bottom = margin + 24;
    const layout = fitBlocks(fonts, blocks, scale, frame.right - frame.left, y - bottom);
    if (!layout) {
      throw new Error(`Page ${index + 1} of "${input.title}" does not fit on one PDF page`);
    }
    drawLines(frame, y, layout);
    drawFooter(frame, margin, `${title} · page ${index + 1} of ${total}`);
  });

  return pdf.save({ useObjectStreams: true });
}

interface Frame {
  page: PDFPage;
  fonts: Fonts;
  left: number;
  right: number;
  top: number;
}

function drawHeader(frame: Frame, course: string, kindLabel: string): void {
  const { page, fonts } = frame;
  page.drawText(course, {
    x: frame.left,
    y: frame.top,
    size: HEADER_SIZE,
    font: fonts.regular,
    color: MUTED,
  });
  const labelWidth = fonts.bold.widthOfTextAtSize(kindLabel, HEADER_SIZE);
  page.drawText(kindLabel, {
    x: frame.right - labelWidth,
    y: frame.top,
    size: HEADER_SIZE,
    font: fonts.bold,
    color: ACCENT,
  });
  page.drawLine({
    start: { x: frame.left, y: frame.top - 7 },
    end: { x: frame.right, y: frame.top - 7 },
    thickness: 0.6,
    color: RULE,
  });
}

function drawFooter(frame: Frame, margin: number, text: string): void {
  const { page, fonts } = frame;
  const textWidth = fonts.regular.widthOfTextAtSize(text, FOOTER_SIZE);
  page.drawText(text, {
    x: frame.right - textWidth,
    y: margin - 14,
    size: FOOTER_SIZE,
    font: fonts.regular,
    color: MUTED,
  });
}

interface TitleBlock {
  kindLabel: string;
  title: string;
  subtitle: string;
  description: string;
  large: boolean;
}

/** Page 1's title block as drawn (in the PDF's WinAnsi characters), and the running header's course. */
function titleBlockOf(input: PdfDocumentInput): Omit<TitleBlock, 'large'> & { course: string } {
  const course = sanitizeWinAnsiText(`${input.courseCode} · ${input.courseTitle}`);
  return {
    kindLabel: KIND_LABELS[input.kind],
    title: sanitizeWinAnsiText(input.title),
    course,
    subtitle: `${course} · ${sanitizeWinAnsiText(input.institutionName)}`,
    description: sanitizeWinAnsiText(input.description),
  };
}

/**
 * The words of page 1's title block, in the order drawn: the text of page 1 starts with them,
 * as its image does ("Read as text" and search left the title and description out).
 */
export function titleBlockText(input: PdfDocumentInput): string {
  const { kindLabel, title, subtitle, description } = titleBlockOf(input);
  return `${kindLabel.toUpperCase()}\n${title}\n${subtitle}\n\n${description}`;
}

/** Draws page 1's title block and returns the y where content starts. */
function drawTitleBlock(frame: Frame, top: number, block: TitleBlock): number {
  const { page, fonts } = frame;
  const maxWidth = frame.right - frame.left;
  const titleSize = block.large ? 30 : 22;
  let y = top - 4;

  page.drawText(block.kindLabel.toUpperCase(), {
    x: frame.left,
    y,
    size: 9,
    font: fonts.bold,
    color: ACCENT,
  });
  y -= 10;
  for (const line of wrapText(block.title, fonts.bold, titleSize, maxWidth)) {
    y -= titleSize * 1.2;
    page.drawText(line, { x: frame.left, y, size: titleSize, font: fonts.bold, color: INK });
  }
  y -= 20;
  page.drawText(block.subtitle, { x: frame.left, y, size: 11, font: fonts.regular, color: MUTED });
  y -= 6;
  for (const line of wrapText(block.description, fonts.italic, 10, maxWidth)) {
    y -= 14;
    page.drawText(line, { x: frame.left, y, size: 10, font: fonts.italic, color: MUTED });
  }
  y -= 14;
  page.drawLine({
    start: { x: frame.left, y },
    end: { x: frame.right, y },
    thickness: 1.2,
    color: ACCENT,
  });
  return y - 22;
}

/** One laid-out line: text runs at an x offset, and the vertical space above it. */
interface Line {
  advance: number;
  runs: { x: number; text: string; font: PDFFont; size: number; color: typeof INK }[];
}

function fitBlocks(
  fonts: Fonts,
  blocks: readonly PageBlock[],
  scale: TypeScale,
  maxWidth: number,
  maxHeight: number,
): Line[] | null {
  for (const factor of FIT_FACTORS) {
    const lines = layoutBlocks(fonts, blocks, scale, factor, maxWidth);
    const height = lines.reduce((sum, line) => sum + line.advance, 0);
    if (height <= maxHeight) return lines;
  }
  return null;
}

function layoutBlocks(
  fonts: Fonts,
  blocks: readonly PageBlock[],
  scale: TypeScale,
  factor: number,
  maxWidth: number,
): Line[] {
  const body = scale.body * factor;
  const lineStep = body * LINE_HEIGHT;
  const gap = body * 0.7;
  const indent = body * 1.6;
  const lines: Line[] = [];
  let previous: PageBlock['kind'] | null = null;

  for (const block of blocks) {
    // Items of one list sit closer together than separate blocks.
    const sameList =
      previous === block.kind && (block.kind === 'bullet' || block.kind === 'numbered');
    const spaceBefore = previous === null ? 0 : sameList ? body * 0.3 : gap;
    previous = block.kind;

    if (block.kind === 'heading') {
      const size = (block.level === 1 ? scale.heading1 : scale.heading2) * factor;
      const before = lines.length === 0 ? 0 : body * 0.9;
      wrapText(block.text, fonts.bold, size, maxWidth).forEach((text, i) => {
        lines.push({
          advance: size * 1.25 + (i === 0 ? before + spaceBefore : 0),
          runs: [{ x: 0, text, font: fonts.bold, size, color: block.level === 1 ? INK : ACCENT }],
        });
      });
      continue;
    }

    if (block.kind === 'paragraph') {
      wrapText(block.text, fonts.regular, body, maxWidth).forEach((text, i) => {
        lines.push({
          advance: lineStep + (i === 0 ? spaceBefore : 0),
          runs: [{ x: 0, text, font: fonts.regular, size: body, color: INK }],
        });
      });
      continue;
    }

    const marker = block.kind === 'bullet' ? '•' : block.label;
    const markerFont = block.kind === 'bullet' ? fonts.regular : fonts.bold;
    const markerColor = block.kind === 'bullet' ? ACCENT : INK;
    const textIndent = Math.max(indent, markerFont.widthOfTextAtSize(marker, body) + body * 0.6);
    wrapText(block.text, fonts.regular, body, maxWidth - textIndent).forEach((text, i) => {
      const runs: Line['runs'] = [];
      if (i === 0)
        runs.push({ x: 0, text: marker, font: markerFont, size: body, color: markerColor });
      runs.push({ x: textIndent, text, font: fonts.regular, size: body, color: INK });
      lines.push({ advance: lineStep + (i === 0 ? spaceBefore : 0), runs });
    });
  }
  return lines;
}

function drawLines(frame: Frame, top: number, lines: readonly Line[]): void {
  let y = top;
  for (const line of lines) {
    y -= line.advance;
    for (const run of line.runs) {
      frame.page.drawText(run.text, {
        x: frame.left + run.x,
        y,
        size: run.size,
        font: run.font,
        color: run.color,
      });
    }
  }
}

/** Greedy word wrap; a word wider than the line is broken by characters. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    current = word;
    while (font.widthOfTextAtSize(current, size) > maxWidth && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > maxWidth) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}
