import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DocumentPages, SERVER_RENDERED_PAGES } from './document-pages';
import { PAGE_NUMBER_SLOT, pageImageFromPattern } from './page-image-pattern';

const PATTERN = `https://media.example/demo/image/upload/c_limit,pg_${PAGE_NUMBER_SLOT},w_1000/documents/abc`;

function render(pageCount: number, pageImagePattern: string | null = PATTERN): string {
  return renderToString(
    createElement(DocumentPages, {
      documentId: 7,
      pageCount,
      firstPageText: 'First page: the spectral theorem, stated for symmetric matrices.',
      pageImagePattern,
      landscape: false,
      className: 'flex flex-col gap-6',
    }),
  );
}

describe('the pages of a document page', () => {
  it('sends places for the first pages of 1,990, a stand-in for the rest, and the first page’s text', () => {
    const html = render(1990);
    expect(html.match(/<section id="page-\d+"/g)).toHaveLength(SERVER_RENDERED_PAGES);
    expect(html).toContain(`id="page-${SERVER_RENDERED_PAGES}"`);
    expect(html).not.toContain(`id="page-${SERVER_RENDERED_PAGES + 1}"`);
    expect(html).toMatch(
      /<div aria-hidden="true" style="aspect-ratio:1 \/ 2757\.[0-9]+;margin-bottom:calc\(1949 \* 1\.5rem\)"><\/div>/,
    );
    expect(html).toContain('First page: the spectral theorem');
    expect(html.replaceAll('<!-- -->', '')).toContain('Page 1 of 1990');
    // Every page's text and header made 4.3 MB; the places of all 1,990 pages 117 KB.
    expect(html.length).toBeLessThan(5_000);
  });

  it('sends a place for every page of a shorter document, and no stand-in', () => {
    const html = render(SERVER_RENDERED_PAGES);
    expect(html.match(/<section id="page-\d+"/g)).toHaveLength(SERVER_RENDERED_PAGES);
    expect(html).not.toContain('aria-hidden="true" style');
  });

  it('shows page 1’s image (eager) with its text as the accessible text layer', () => {
    const html = render(3);
    expect(html).toContain(`src="${pageImageFromPattern(PATTERN, 1)}"`);
    expect(html).toContain('pg_1,');
    expect(html).not.toContain('pg_2,');
    expect(html).toMatch(/<div class="sr-only">First page: the spectral theorem/);
  });

  it('shows page 1’s text itself in the text view', () => {
    const html = render(3, null);
    expect(html).not.toContain('<img');
    expect(html).toMatch(/whitespace-pre-line[^>]*>First page: the spectral theorem/);
  });
});
