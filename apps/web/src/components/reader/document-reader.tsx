'use client';

import dynamic from 'next/dynamic';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PageImageOptions } from '@/components/document-page-view';
import { DocumentPages } from '@/components/document-pages';
import { pageImageFromPattern } from '@/components/page-image-pattern';
import type { FindHit, FoundInDocument } from '@/reader/find-in-document';
import { foldWord, markedWords } from '@/reader/match-runs';
import { pageAfter, pagingCommandOf, sidewaysScrollOf } from '@/reader/paging';
import { pageImageSizes, pageImageSrcSet, pageWidthAt, stepZoom, zoomKeyOf } from '@/reader/zoom';
import type { FindChoice } from './find-panel';
import { HighlightedPageText } from './highlighted-page-text';
import { Icon } from './icons';
import { PageOverlay } from './page-overlay';
import { PageRail } from './page-rail';
import { type ActiveHit, ReaderContext } from './reader-context';
import { ReaderToolbar } from './reader-toolbar';
import { useCurrentPage } from './use-current-page';
import { useStickyOffsets } from './use-sticky-offsets';
import { useTextLayers } from './use-text-layers';
import { useZoom } from './use-zoom';

// Find in document's code arrives when it is first opened (or a page opens with `?q=`), not with
// the reader: most readers never open it, and every script on the first screen is hydration time.
const FindPanel = dynamic(() => import('./find-panel').then((module) => module.FindPanel));

/** How long the page in view must stay before the live region announces it. */
const ANNOUNCE_AFTER_MS = 600;
/** Wide enough for the find panel to stay open beside the pages when a page is opened with `?q=`. */
const WIDE_SCREEN = '(min-width: 1024px)';

export interface ReaderImages {
  /** A page image URL per `srcset` width, with PAGE_NUMBER_SLOT for the page. */
  srcSet: { width: number; url: string }[];
  /** The default `src` (for browsers without srcset), same slot. */
  src: string;
  /** A small image of a page for the rail, same slot. */
  thumbnail: string;
}

/**
 * The document reader: a sticky toolbar (page x / N with a jump field, previous and
 * next, zoom, find, full screen, download), a rail of page thumbnails (a sheet on phones), the
 * pages as sharp images with their text placed over them, keyboard paging and a live region
 * that says which page is being read. Find in document lists a query's pages and
 * highlights its words on them; a page opened with `?q=` (from a search result) starts with
 * that query found.
 */
export function DocumentReader({
  documentId,
  courseId,
  pageCount,
  firstPageText,
  landscape,
  images,
  download,
  initialQuery,
}: {
  documentId: number;
  courseId: number;
  pageCount: number;
  firstPageText: string;
  landscape: boolean;
  /** null: the text view, or a document without a stored PDF. */
  images: ReaderImages | null;
  download: string | null;
  initialQuery: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  const pagesList = useRef<HTMLDivElement>(null);
  const sheet = useRef<HTMLDialogElement>(null);
  // The pages sheet's thumbnails are rendered when it first opens: hidden until then, they were
  // a second rail for the browser to build and hydrate on every phone.
  const [sheetOpened, setSheetOpened] = useState(false);
  const current = useCurrentPage(pagesList);
  const scrollPagesBy = useCallback((top: number) => {
    const scroller = document.fullscreenElement === root.current ? root.current : null;
    (scroller ?? window).scrollBy({ top, behavior: 'instant' });
  }, []);
  const { zoom, fit, zoomTo, touchHandlers } = useZoom(pagesList, scrollPagesBy);
  const [findMounted, setFindMounted] = useState(initialQuery !== '');
  const [findOpen, setFindOpen] = useState(false);
  const [findFocus, setFindFocus] = useState(0);
  const [found, setFound] = useState<FoundInDocument | null>(null);
  const [activeHit, setActiveHit] = useState<ActiveHit | null>(null);
  const [fullscreen, setFullscreen] = useState<boolean | null>(null);
  const [announced, setAnnounced] = useState(1);
  const toolbar = useRef<HTMLDivElement>(null);
  const offsets = useStickyOffsets(toolbar, fullscreen === true);
  const textLayers = useTextLayers(documentId, pageCount);
  // The page a command starts from: the last one gone to, until scrolling shows another.
  const position = useRef(1);
  useEffect(() => {
    position.current = current;
  }, [current]);

  const goTo = useCallback(
    (page: number) => {
      const target = Math.min(pageCount, Math.max(1, page));
      position.current = target;
      document.getElementById(`page-${target}`)?.scrollIntoView({ block: 'start' });
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}#page-${target}`);
    },
    [pageCount],
  );

  // Keyboard paging and zoom anywhere on the page, except while typing in a field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Not behind an open dialog (the pages sheet) or for a key something else took.
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const command = pagingCommandOf(event);
      const step = images ? zoomKeyOf(event) : undefined;
      const pages = pagesList.current;
      const sideways = pages ? sidewaysScrollOf(event.key, pages) : undefined;
      if (command && sideways !== undefined && pages) {
        event.preventDefault();
        pages.scrollBy({ left: sideways, behavior: 'instant' });
      } else if (command) {
        event.preventDefault();
        goTo(pageAfter(command, position.current, pageCount));
      } else if (step) {
        event.preventDefault();
        const next = stepZoom(zoom, step, fit);
        if (next !== undefined) zoomTo(next);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goTo, pageCount, images, zoom, fit, zoomTo]);

  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(current), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [current]);

  // Opened from a search result (`?q=`): the find panel stays open beside the pages on wide
  // screens; on phones it would cover the page, so only the highlights show until Find is pressed.
  useEffect(() => {
    if (initialQuery !== '' && window.matchMedia(WIDE_SCREEN).matches) setFindOpen(true);
  }, [initialQuery]);

  useEffect(() => {
    if (!document.fullscreenEnabled) return;
    const update = () => setFullscreen(document.fullscreenElement === root.current);
    update();
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void root.current?.requestFullscreen();
  };

  const choose = useCallback(
    (hit: FindHit, how: FindChoice) => {
      setActiveHit((previous) => ({ page: hit.page, nonce: (previous?.nonce ?? 0) + 1 }));
      goTo(hit.page);
      // A page chosen from the list on a phone: the list covered it. Stepping keeps the find bar.
      if (how === 'list' && !window.matchMedia(WIDE_SCREEN).matches) setFindOpen(false);
    },
    [goTo],
  );
  // The first answer to `?q=`: the hit on the page the link named (`#page-N`), else the first.
  const landed = useRef(initialQuery === '');
  const onFound = useCallback(
    (result: FoundInDocument | null) => {
      setFound(result);
      if (landed.current || !result) return;
      landed.current = true;
      const named = /^#page-(\d+)$/.exec(window.location.hash)?.[1];
      const hit = result.hits.find((each) => String(each.page) === named) ?? result.hits[0];
      if (hit) {
        setActiveHit({ page: hit.page, nonce: 1 });
        if (String(hit.page) !== named) goTo(hit.page);
      }
    },
    [goTo],
  );

  const terms = useMemo(() => {
    if (!found) return new Set<string>();
    const words = found.terms.map(foldWord);
    for (const hit of found.hits) words.push(...markedWords(hit.snippet));
    return new Set(words.filter((word) => word !== ''));
  }, [found]);
  const context = useMemo(() => ({ textLayers, terms, activeHit }), [textLayers, terms, activeHit]);

  const imageOptions = useMemo<PageImageOptions>(
    () =>
      images
        ? {
            srcSet: (page) => pageImageSrcSet(images.srcSet, page, pageImageFromPattern),
            sizes: pageImageSizes(zoom),
            width: pageWidthAt(zoom),
            Overlay: PageOverlay,
          }
        : { Text: HighlightedPageText },
    [images, zoom],
  );
  const thumbnailOf = useMemo(
    () => (images ? (page: number) => pageImageFromPattern(images.thumbnail, page) : null),
    [images],
  );
  const rail = (layout: 'column' | 'grid', onChoose: (page: number) => void) => (
    <PageRail
      pageCount={pageCount}
      current={current}
      thumbnailOf={thumbnailOf}
      onChoose={onChoose}
      layout={layout}
    />
  );
  const openSheet = () => {
    setSheetOpened(true);
    sheet.current?.showModal();
    // The page being read, not the close button, has the focus (and is scrolled into the
    // sheet's view) once the thumbnails have rendered: Tab reaches its neighbours from there.
    requestAnimationFrame(() =>
      sheet.current?.querySelector<HTMLElement>('a[aria-current="page"]')?.focus(),
    );
  };
  const chooseFromSheet = (page: number) => {
    sheet.current?.close();
    goTo(page);
  };

  return (
    <ReaderContext value={context}>
      <div
        ref={root}
        className={fullscreen ? 'overflow-y-auto bg-slate-100 px-2 pb-8 sm:px-4' : ''}
        // An open find bar covers the top of the pages: a hit gone to lands below it.
        style={
          findOpen
            ? ({ ...offsets.rootStyle, '--find-clearance': '9rem' } as CSSProperties)
            : offsets.rootStyle
        }
        data-testid="document-reader"
      >
        <div ref={toolbar} className="sticky z-10 pt-2" style={{ top: offsets.toolbarTop }}>
          <ReaderToolbar
            current={current}
            pageCount={pageCount}
            onGoTo={goTo}
            zoom={zoom}
            fit={fit}
            onZoom={zoomTo}
            canZoom={images !== null}
            findOpen={findOpen}
            onToggleFind={() => {
              setFindMounted(true);
              setFindOpen(!findOpen);
              if (!findOpen) setFindFocus((count) => count + 1);
            }}
            onOpenPages={openSheet}
            fullscreen={fullscreen}
            onToggleFullscreen={toggleFullscreen}
            download={download ? { href: download, courseId, docId: documentId } : null}
          />
          {findMounted ? (
            <div
              className={`absolute right-0 left-0 mt-2 sm:left-auto sm:w-96 ${findOpen ? '' : 'hidden'}`}
            >
              <FindPanel
                documentId={documentId}
                initialQuery={initialQuery}
                focusRequest={findFocus}
                activePage={activeHit?.page ?? null}
                onFound={onFound}
                onChoose={choose}
                onClose={() => {
                  setFindOpen(false);
                  // Back to the button that opened it, not lost with the hidden panel.
                  root.current
                    ?.querySelector<HTMLElement>('[role="toolbar"] [aria-label="Find in document"]')
                    ?.focus();
                }}
              />
            </div>
          ) : null}
        </div>
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          Page {announced} of {pageCount}
        </p>
        <div className="mt-3 grid gap-6 lg:grid-cols-[8.5rem_minmax(0,1fr)]">
          <nav
            aria-label="Pages"
            className="hidden lg:sticky lg:top-[var(--reader-top)] lg:block lg:max-h-[calc(100vh-var(--reader-top)-1rem)] lg:self-start lg:overflow-y-auto lg:pr-1"
          >
            {rail('column', goTo)}
          </nav>
          <div className="min-w-0">
            <section
              ref={pagesList}
              aria-label="Document pages"
              // Pans sideways when zoomed; a double tap zooms (the browser's own would zoom
              // the whole site, and wait to tell a tap from a double tap), pinching stays.
              className="touch-manipulation overflow-x-auto overscroll-x-contain"
              data-testid="document-pages"
              {...(images ? touchHandlers : {})}
              // Zoomed, it scrolls: keyboard readers reach it to scroll it too.
              tabIndex={zoom === 'fit' ? undefined : 0}
            >
              <DocumentPages
                documentId={documentId}
                pageCount={pageCount}
                firstPageText={firstPageText}
                pageImagePattern={images?.src ?? null}
                landscape={landscape}
                className={`flex flex-col gap-6 ${zoom === 'fit' ? '' : 'items-start'}`}
                imageOptions={imageOptions}
              />
            </section>
          </div>
        </div>
        <dialog
          ref={sheet}
          aria-label="Pages"
          className="fixed inset-x-0 top-auto bottom-0 m-0 max-h-[75vh] w-full max-w-none rounded-t-2xl bg-white p-4 shadow-2xl backdrop:bg-slate-900/40 lg:hidden"
          onClick={(event) => {
            // A tap on the backdrop (the dialog itself, outside its content) closes it.
            if (event.target === sheet.current) sheet.current?.close();
          }}
          onKeyDown={() => {}}
        >
          <div className="mb-3 flex items-center justify-between">
            <h2 className="text-base font-semibold">Pages</h2>
            <form method="dialog">
              <button
                type="submit"
                aria-label="Close pages"
                className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
              >
                <Icon name="close" />
              </button>
            </form>
          </div>
          <div className="max-h-[calc(75vh-5rem)] overflow-y-auto">
            {sheetOpened ? rail('grid', chooseFromSheet) : null}
          </div>
        </dialog>
      </div>
    </ReaderContext>
  );
}
