'use client';

import type { PageTextRun } from '@coursepack/db/schema';
import { useCallback, useRef, useState } from 'react';
import type { textLayersContract } from '@/app/api/documents/[id]/text-layers/contract';
import { callRoute } from '@/http/client';
import { MAX_TEXT_LAYER_PAGES } from '@/reader/get-page-text-layers';

/** A page's runs once loaded; null when its positions were never stored (read before 0012). */
export type LoadedRuns = PageTextRun[] | null;

export interface TextLayers {
  /** The runs of `page`: undefined until loaded (or when loading failed). */
  runsOf: (page: number) => LoadedRuns | undefined;
  /** Loads the runs of `page` and its neighbours (MAX_TEXT_LAYER_PAGES at a time), once. */
  request: (page: number) => void;
}

/**
 * The text layers of a document's pages, fetched in blocks of MAX_TEXT_LAYER_PAGES as pages near
 * the reader (`GET /api/documents/{id}/text-layers`), each block once; the browser's HTTP cache
 * keeps them for the next visit.
 */
export function useTextLayers(documentId: number, pageCount: number): TextLayers {
  const [loaded, setLoaded] = useState<ReadonlyMap<number, LoadedRuns>>(() => new Map());
  const requested = useRef(new Set<number>());
  const request = useCallback(
    (page: number) => {
      const from = Math.floor((page - 1) / MAX_TEXT_LAYER_PAGES) * MAX_TEXT_LAYER_PAGES + 1;
      if (requested.current.has(from) || from > pageCount) return;
      requested.current.add(from);
      const to = Math.min(pageCount, from + MAX_TEXT_LAYER_PAGES - 1);
      void callRoute<typeof textLayersContract>(
        { method: 'GET', path: '/api/documents/[id]/text-layers' },
        {
          params: { id: documentId },
          query: { from: String(from), to: String(to) },
        },
      ).then((result) => {
        if (!result.ok) {
          // Another page of the block may ask again later.
          requested.current.delete(from);
          return;
        }
        setLoaded((previous) => {
          const next = new Map(previous);
          for (const { page: number, runs } of result.data.pages) next.set(number, runs);
          return next;
        });
      });
    },
    [documentId, pageCount],
  );
  const runsOf = useCallback((page: number) => loaded.get(page), [loaded]);
  return { runsOf, request };
}
