'use client';

import { useEffect, useState } from 'react';
import type { pageTextContract } from '@/app/api/documents/[id]/pages/[page]/text/contract';
import { urlOf } from '@/http/client';

export type PageText =
  | { state: 'loading' }
  | { state: 'loaded'; text: string }
  | { state: 'failed' };

/**
 * One page's text from `GET /api/documents/{id}/pages/{n}/text` once `wanted` (the reader is
 * near the page); the browser's HTTP cache keeps it for the next visit. `initial` (page 1's
 * text, sent with the page) needs no request.
 */
export function usePageText(
  documentId: number,
  page: number,
  wanted: boolean,
  initial: string | undefined,
): PageText {
  const [text, setText] = useState<PageText>(
    initial === undefined ? { state: 'loading' } : { state: 'loaded', text: initial },
  );
  const needed = wanted && text.state === 'loading';
  useEffect(() => {
    if (!needed) return;
    const controller = new AbortController();
    // Plain text, not JSON: the URL comes from the route's contract, the reading is fetch's.
    fetch(
      urlOf<typeof pageTextContract>(
        { path: '/api/documents/[id]/pages/[page]/text' },
        { params: { id: documentId, page } },
      ),
      {
        signal: controller.signal,
      },
    )
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setText({ state: 'loaded', text: await response.text() });
      })
      .catch(() => {
        if (!controller.signal.aborted) setText({ state: 'failed' });
      });
    return () => controller.abort();
  }, [documentId, page, needed]);
  return text;
}
