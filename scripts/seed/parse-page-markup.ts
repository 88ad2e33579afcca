import { sanitizeWinAnsiText } from './sanitize-win-ansi-text';

/**
 * The demo pages are written in a deliberately tiny markup, one block per line group:
 *
 *   # Heading            ## Subheading
 *   - bullet item        1. numbered item (exercise, exam question)
 *   any other line       paragraph text; adjacent lines join into one paragraph
 *
 * A blank line ends a paragraph. A line that follows a bullet or numbered item
 * without a blank line continues that item, so long items can be wrapped in source.
 */
export type PageBlock =
  | { kind: 'heading'; level: 1 | 2; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullet'; text: string }
  | { kind: 'numbered'; label: string; text: string };

const NUMBERED = /^(\d{1,2}[.)]|\([a-z]\))\s+(.*)$/;

export function parsePageMarkup(markup: string): PageBlock[] {
  const blocks: PageBlock[] = [];
  // The block that a following non-blank line continues; null after a blank line or heading.
  let open: Exclude<PageBlock, { kind: 'heading' }> | null = null;

  for (const rawLine of markup.split('\n')) {
    const line = sanitizeWinAnsiText(rawLine.trim().replace(/\s+/g, ' '));
    if (line === '') {
      open = null;
      continue;
    }
    if (line.startsWith('## ') || line.startsWith('# ')) {
      const level = line.startsWith('## ') ? 2 : 1;
      blocks.push({ kind: 'heading', level, text: line.slice(level + 1).trim() });
      open = null;
      continue;
    }
    if (line.startsWith('- ')) {
      open = { kind: 'bullet', text: line.slice(2).trim() };
      blocks.push(open);
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (numbered) {
      open = { kind: 'numbered', label: numbered[1] ?? '', text: (numbered[2] ?? '').trim() };
      blocks.push(open);
      continue;
    }
    if (open) {
      open.text = `${open.text} ${line}`;
      continue;
    }
    open = { kind: 'paragraph', text: line };
    blocks.push(open);
  }
  return blocks;
}

/**
 * The plain text of a page as stored in `document_pages.body`: the same words,
 * in the same order, as drawn in the PDF. List items stay on their own lines.
 */
export function formatPageText(blocks: readonly PageBlock[]): string {
  let text = '';
  let previous: PageBlock['kind'] | null = null;
  for (const block of blocks) {
    const isListItem = block.kind === 'bullet' || block.kind === 'numbered';
    if (previous !== null) {
      text += isListItem && previous === block.kind ? '\n' : '\n\n';
    }
    if (block.kind === 'bullet') text += `• ${block.text}`;
    else if (block.kind === 'numbered') text += `${block.label} ${block.text}`;
    else text += block.text;
    previous = block.kind;
  }
  return text;
}

/** Words of a page, for content checks and for choosing a distinctive phrase. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
