'use client';

import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and in the browser's first render (so that hydration matches it),
 * true from then on: for what only a running page can use, or should add once it runs.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
