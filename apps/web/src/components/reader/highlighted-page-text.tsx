'use client';

import { useEffect, useMemo, useRef } from 'react';
import { markText } from '@/reader/match-runs';
import { useReaderContext } from './reader-context';

/** A page's text in the text view, the words a find matched marked; a chosen hit scrolls to its first. */
export function HighlightedPageText({ page, text }: { page: number; text: string }) {
  const { terms, activeHit } = useReaderContext();
  const pieces = useMemo(() => markText(text, terms), [text, terms]);
  const first = useRef<HTMLElement>(null);
  const active = activeHit?.page === page;
  const marked = pieces.some((piece) => piece.marked);
  useEffect(() => {
    if (active && activeHit?.nonce && marked) first.current?.scrollIntoView({ block: 'start' });
  }, [active, activeHit?.nonce, marked]);
  let firstSeen = false;
  return (
    <>
      {pieces.map((piece, index) => {
        if (!piece.marked) return piece.text;
        const ref = firstSeen ? undefined : first;
        firstSeen = true;
        return (
          <mark
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, recomputed whole
            key={index}
            ref={ref}
            data-testid="find-highlight"
            className={`scroll-mt-[calc(var(--reader-offset,8rem)+3rem)] rounded-sm text-inherit ${active ? 'bg-amber-300' : 'bg-yellow-200'}`}
          >
            {piece.text}
          </mark>
        );
      })}
    </>
  );
}
