import { render } from '@testing-library/react';
import {
  AppRouterContext,
  type AppRouterInstance,
} from 'next/dist/shared/lib/app-router-context.shared-runtime';
import type { ReactNode } from 'react';

/**
 * Renders a client component inside the context Next's App Router gives it, so `useRouter()`
 * works in jsdom; `visited` lists where the component sent the reader (push or replace).
 */
export function renderInAppRouter(ui: ReactNode): { visited: string[] } {
  const visited: string[] = [];
  const router: AppRouterInstance = {
    back() {},
    forward() {},
    refresh() {},
    prefetch() {},
    push: (href) => visited.push(href),
    replace: (href) => visited.push(href),
    bfcacheId: 'test',
  };
  render(<AppRouterContext.Provider value={router}>{ui}</AppRouterContext.Provider>);
  return { visited };
}
