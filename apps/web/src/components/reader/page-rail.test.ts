import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SERVER_RENDERED_PAGES } from '../document-pages';
import { PageRail } from './page-rail';

function render(pageCount: number): string {
  return renderToString(
    createElement(PageRail, {
      pageCount,
      current: 1,
      thumbnailOf: (page: number) => `https://media.example/demo/image/upload/pg_${page},w_120/doc`,
      onChoose: () => {},
      layout: 'column',
    }),
  );
}

describe('the page rail as the server sends it', () => {
  it('lists the first pages of a 1,990-page document, as the pages themselves are placed', () => {
    const html = render(1990);
    expect(html.match(/<li data-page="\d+"/g)).toHaveLength(SERVER_RENDERED_PAGES);
    expect(html).toContain(`aria-label="Page ${SERVER_RENDERED_PAGES}"`);
    expect(html).not.toContain(`aria-label="Page ${SERVER_RENDERED_PAGES + 1}"`);
    // Every page listed made 1.4 MB of the document page's HTML.
    expect(html.length).toBeLessThan(40_000);
  });

  it('lists every page of a shorter document, the first marked as the one being read', () => {
    const html = render(3);
    expect(html.match(/<li data-page="\d+"/g)).toHaveLength(3);
    expect(html).toMatch(/<a href="#page-1"[^>]*aria-current="page"/);
  });
});
