// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { PageRail } from './page-rail';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

it('lists every page of a long document once the browser runs the page, and goes to the one chosen', () => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const chosen: number[] = [];
  act(() =>
    root.render(
      createElement(PageRail, {
        pageCount: 1990,
        current: 1500,
        thumbnailOf: null,
        onChoose: (page: number) => chosen.push(page),
        layout: 'grid',
      }),
    ),
  );

  expect(container.querySelectorAll('li[data-page]')).toHaveLength(1990);
  const page1500 = container.querySelector<HTMLAnchorElement>('a[href="#page-1500"]');
  expect(page1500?.getAttribute('aria-current')).toBe('page');
  act(() => container.querySelector<HTMLAnchorElement>('a[href="#page-1990"]')?.click());
  expect(chosen).toEqual([1990]);

  act(() => root.unmount());
  container.remove();
});
