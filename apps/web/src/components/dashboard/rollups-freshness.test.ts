import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RollupsFreshness } from './rollups-freshness';

const render = (processedUntil: string | null) =>
  renderToStaticMarkup(
    createElement(RollupsFreshness, { processedUntil, renderedAt: '2026-05-20T12:00:00.000Z' }),
  );

describe('RollupsFreshness', () => {
  it("gives the figures' age against the server's clock, with the exact moment for everyone", () => {
    const html = render('2026-05-20T11:59:57.000Z');
    expect(html).toContain(
      '<time dateTime="2026-05-20T11:59:57.000Z" title="Counts every event received before 20 May 2026, 11:59:57 UTC">Updated 3 s ago</time>',
    );
    expect(html).toContain(
      '<span class="sr-only">. Counts every event received before 20 May 2026, 11:59:57 UTC.</span>',
    );
  });

  it('says when the figures were never computed', () => {
    expect(render(null)).toContain('Not computed yet');
    expect(render(null)).not.toContain('<time');
  });
});
