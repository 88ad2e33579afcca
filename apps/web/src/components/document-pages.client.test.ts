// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentPages, SERVER_RENDERED_PAGES } from './document-pages';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

/**
 * What the page observes for nearness, and how near counts (the live observer's margin): jsdom
 * has no layout, so nothing ever intersects.
 */
const observed = new Set<Element>();
let margin: string | undefined;
class FakeIntersectionObserver {
  constructor(_callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    margin = options?.rootMargin;
  }
  observe(element: Element) {
    observed.add(element);
  }
  unobserve(element: Element) {
    observed.delete(element);
  }
  disconnect() {
    observed.clear();
  }
}

let container: HTMLDivElement;
let root: Root;
const scrolledTo: string[] = [];

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolledTo.push(this.id);
  };
  scrolledTo.length = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  window.location.hash = '';
  vi.unstubAllGlobals();
});

function show(pageCount: number): void {
  act(() =>
    root.render(
      createElement(DocumentPages, {
        documentId: 7,
        pageCount,
        firstPageText: 'First page.',
        pageImagePattern: null,
        landscape: false,
        className: '',
      }),
    ),
  );
}

describe('the pages of a document page, once the browser runs it', () => {
  it('places every page the server left out and watches each for nearness', () => {
    show(1990);
    expect(container.querySelectorAll('section[id^="page-"]')).toHaveLength(1990);
    expect(container.querySelector('div[aria-hidden="true"]')).toBeNull();
    expect(observed.size).toBe(1990);
    expect(scrolledTo).toEqual([]);
  });

  it('fills only the pages on screen until the reader scrolls, then those within a screen', () => {
    show(3);
    expect(margin).toBe('0px');
    expect(observed.size).toBe(3);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(margin).toBe('100% 0px');
    expect(observed.size).toBe(3);
  });

  it('scrolls to a #page-N beyond the server’s pages once it is placed', () => {
    window.location.hash = '#page-1500';
    show(1990);
    expect(scrolledTo).toEqual(['page-1500']);
  });

  it('leaves a #page-N among the server’s pages to the browser', () => {
    window.location.hash = `#page-${SERVER_RENDERED_PAGES}`;
    show(1990);
    expect(scrolledTo).toEqual([]);
  });
});
