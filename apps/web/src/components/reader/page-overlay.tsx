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
import { emWidthOf } from './text-width';

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
    // Nothing to measure: reading the layer's box would lay the page out for no box.
    if (matches.length === 0) return;
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
          className={`pointer-events-none absolute scroll-mt-[calc(var(--reader-offset,8rem)+var(--find-clearance,3rem))] rounded-sm mix-blend-multiply ${active ? 'bg-amber-400/70' : 'bg-yellow-300/60'}`}
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
 * width units, so it follows zoom) and stretched to the box's width, as pdf.js's own text layer
 * does. The stretch is the box's width over the text's own width at that size, both in page
 * widths, so it holds at any zoom and is computed as the spans render: nothing is measured in
 * the page (its measuring forced a layout of the whole page per text layer in Lighthouse).
 * Helvetica's metrics (Arial, Liberation Sans) are most PDFs' and keep a highlighted word's share
 * of its line closest to the page's.
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
  // Each run's font size in page widths, and its box's width over its text's at that size.
  const placed = useMemo(
    () =>
      runs.map(([x, y, width, height, text]) => {
        const size = height * shape;
        const natural = (emWidthOf(text, TEXT_LAYER_FONTS) ?? 0) * size;
        return {
          text,
          style: {
            left: percent(x),
            top: percent(y),
            fontSize: `${(size * 100).toFixed(3)}cqw`,
            transform:
              natural > 0 && width > 0 ? `scaleX(${(width / natural).toFixed(4)})` : undefined,
          },
        };
      }),
    [runs, shape],
  );
  return (
    <div
      ref={layer}
      data-testid="text-layer"
      aria-hidden="true"
      className="absolute inset-0 overflow-hidden leading-none text-transparent selection:bg-sky-400/40"
      style={{ fontFamily: TEXT_LAYER_FONTS }}
    >
      {placed.map(({ text, style }, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: runs are the page's, fixed in order
          key={index}
          className="absolute origin-top-left whitespace-pre"
          style={style}
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
