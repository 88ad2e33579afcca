import { render } from '@testing-library/react';
import {
  AppRouterContext,
  type AppRouterInstance,
} from 'next/dist/shared/lib/app-router-context.shared-runtime';
import type { ReactNode } from 'react';
import { trackingBase } from '@/tracking/tracked-app';
import { TrackingProvider } from '@/tracking/tracking-context';

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

/** The tracking settings of a page under test: events go nowhere a test waits on. */
const TEST_TRACKING = trackingBase(
  {
    trackingEndpoint: 'http://localhost:3001/collect',
    trackingEnvironment: 'test',
    trackingApp: 'coursepack',
    trackingUrlPathVersion: 'v1',
  },
  'web',
);

/** `renderInAppRouter` for a component that tracks what the reader does (forms, the search box). */
export function renderTrackedInAppRouter(ui: ReactNode): { visited: string[] } {
  return renderInAppRouter(<TrackingProvider config={TEST_TRACKING}>{ui}</TrackingProvider>);
}
