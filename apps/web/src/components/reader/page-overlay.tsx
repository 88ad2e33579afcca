'use client';

import type { PageTextRun } from '@coursepack/db/schema';
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  findRunMatches,
  type HighlightBox,
  proportionalBox,
  type RunMatch,
} from '@/reader/match-runs';
import { useReaderContext } from './reader-context';

/** Helvetica's metrics, most PDFs' (see TextLayer). */
const TEXT_LAYER_FONTS = "Helvetica, Arial, 'Liberation Sans', Arimo, sans-serif";
const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/**
 * Over a page image: its words, transparent, where the page shows them (so selecting and
 * copying take the page's text), and the words a find matched, highlighted. Only where the
 * page's positions are stored: a page read before them keeps its hidden text for screen readers
 * and copying from the text view.
 */
export function PageOverlay({ page, shape }: { page: number; shape: number }) {
  const { textLayers, terms, activeHit } = useReaderContext();
  const { request, runsOf } = textLayers;
  useEffect(() => request(page), [request, page]);
  const runs = runsOf(page);
  const matches = useMemo(() => (runs ? findRunMatches(runs, terms) : []), [runs, terms]);
  const layer = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<{ of: RunMatch[]; boxes: HighlightBox[] } | null>(null);
  // The words' boxes measured in the placed text layer (the run's own letters), before paint.
  useLayoutEffect(() => {
    const element = layer.current;
    setMeasured(element ? { of: matches, boxes: measureMatches(element, matches, runs) } : null);
  }, [matches, runs]);
  const boxes =
    measured?.of === matches
      ? measured.boxes
      : matches.map((match) => proportionalBox(runs ?? [], match));
  const firstMark = useRef<HTMLDivElement>(null);
  const active = activeHit?.page === page;

  // A chosen hit: its first highlight, not the page's top, is brought into view, just below the
  // toolbar (its scroll margin), so the page it is on stays the page in view.
  useEffect(() => {
    if (active && activeHit?.nonce && boxes.length > 0) {
      firstMark.current?.scrollIntoView({ block: 'start', inline: 'nearest' });
    }
  }, [active, activeHit?.nonce, boxes.length]);

  if (!runs) return null;
  return (
    <div className="absolute inset-0 [container-type:inline-size]">
      {boxes.map((box, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: a page's highlights are recomputed whole, never reordered
          key={index}
          ref={index === 0 ? firstMark : undefined}
          data-testid="find-highlight"
          aria-hidden="true"
          className={`pointer-events-none absolute scroll-mt-[calc(var(--reader-offset,8rem)+3rem)] rounded-sm mix-blend-multiply ${active ? 'bg-amber-400/70' : 'bg-yellow-300/60'}`}
          style={{
            left: percent(box.x),
            top: percent(box.y),
            width: percent(box.width),
            height: percent(box.height),
          }}
        />
      ))}
      <TextLayer runs={runs} layer={layer} shape={shape} />
    </div>
  );
}

/**
 * Each run as transparent text in its box, its font sized to the box's height (in container
 * width units, so it follows zoom) and stretched to the box's width once measured, as pdf.js's
 * own text layer does. Helvetica's metrics (Arial, Liberation Sans) are most PDFs' and keep a
 * highlighted word's share of its line closest to the page's.
 */
function TextLayer({
  runs,
  layer,
  shape,
}: {
  runs: PageTextRun[];
  layer: RefObject<HTMLDivElement | null>;
  /** The page's height over its width: a run's height, a fraction of it, in widths. */
  shape: number;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new runs are new spans to measure
  useLayoutEffect(() => {
    const element = layer.current;
    if (!element) return;
    // All writes, then all reads, then all writes: one layout for the page. Reading each span's
    // width right after resetting it laid the page out again for every run (Lighthouse: 230 ms
    // of forced reflow on a four-page document).
    const fit = () => {
      const spans = [...element.querySelectorAll<HTMLSpanElement>('span[data-width]')];
      for (const span of spans) span.style.transform = '';
      const layerWidth = element.clientWidth;
      const naturals = spans.map((span) => span.getBoundingClientRect().width);
      spans.forEach((span, index) => {
        const natural = naturals[index] ?? 0;
        const wanted = (Number(span.dataset.width) * layerWidth) / 100;
        if (natural > 0 && wanted > 0) span.style.transform = `scaleX(${wanted / natural})`;
      });
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [runs, layer]);
  return (
    <div
      ref={layer}
      data-testid="text-layer"
      aria-hidden="true"
      className="absolute inset-0 overflow-hidden leading-none text-transparent selection:bg-sky-400/40"
      style={{ fontFamily: TEXT_LAYER_FONTS }}
    >
      {runs.map(([x, y, width, height, text], index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: runs are the page's, fixed in order
          key={index}
          data-width={(width * 100).toFixed(3)}
          className="absolute origin-top-left whitespace-pre"
          style={{
            left: percent(x),
            top: percent(y),
            fontSize: `${(height * shape * 100).toFixed(3)}cqw`,
          }}
        >
          {text}
          {/* A line break when copied, not a run-on of the next line's words. */}{' '}
        </span>
      ))}
    </div>
  );
}

/**
 * Each match's box from the text layer's own span (one per run, already stretched to its box),
 * as fractions of the layer; a match whose text cannot be measured keeps its proportional box.
 */
function measureMatches(
  layer: HTMLElement,
  matches: readonly RunMatch[],
  runs: readonly PageTextRun[] | null | undefined,
): HighlightBox[] {
  const frame = layer.getBoundingClientRect();
  const range = document.createRange();
  return matches.map((match) => {
    const text = layer.children[match.run]?.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE || frame.width === 0 || frame.height === 0) {
      return proportionalBox(runs ?? [], match);
    }
    range.setStart(text, match.start);
    range.setEnd(text, match.end);
    const box = range.getBoundingClientRect();
    const [, y = 0, , height = 0] = runs?.[match.run] ?? [];
    return {
      x: (box.left - frame.left) / frame.width,
      y,
      width: box.width / frame.width,
      height,
    };
  });
}
