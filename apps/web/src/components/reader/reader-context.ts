'use client';

import { createContext, useContext } from 'react';
import type { TextLayers } from './use-text-layers';

/** The find result a page's highlights show; `nonce` changes each time a hit is chosen. */
export interface ActiveHit {
  page: number;
  nonce: number;
}

export interface ReaderContextValue {
  textLayers: TextLayers;
  /** Folded words to highlight on every page (foldWord); empty when nothing is being found. */
  terms: ReadonlySet<string>;
  activeHit: ActiveHit | null;
}

export const ReaderContext = createContext<ReaderContextValue | null>(null);

export function useReaderContext(): ReaderContextValue {
  const value = useContext(ReaderContext);
  if (!value) throw new Error('useReaderContext outside <ReaderContext>');
  return value;
}
