import { describe, expect, it } from 'vitest';
import { countWords, formatPageText, parsePageMarkup } from './parse-page-markup';

describe('parsePageMarkup', () => {
  it('reads headings, joined paragraphs, bullets and numbered items', () => {
    const blocks = parsePageMarkup(`# Heading
First line of a paragraph
continues here.

## Sub
- a bullet
  wrapped onto two lines
- another
1. first exercise
2) second exercise
(a) a part`);
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Heading' },
      { kind: 'paragraph', text: 'First line of a paragraph continues here.' },
      { kind: 'heading', level: 2, text: 'Sub' },
      { kind: 'bullet', text: 'a bullet wrapped onto two lines' },
      { kind: 'bullet', text: 'another' },
      { kind: 'numbered', label: '1.', text: 'first exercise' },
      { kind: 'numbered', label: '2)', text: 'second exercise' },
      { kind: 'numbered', label: '(a)', text: 'a part' },
    ]);
  });

  it('formats the plain text stored for a page, one list item per line', () => {
    const text = formatPageText(
      parsePageMarkup('# Title\nSome text.\n\n- one\n- two\n1. Solve λx = 2.'),
    );
    expect(text).toBe('Title\n\nSome text.\n\n• one\n• two\n\n1. Solve lambda x = 2.');
    expect(countWords(text)).toBe(10);
  });
});
