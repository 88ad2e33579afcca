import type { Viewer } from '@/auth/viewer';

/**
 * The one stand-in for `@/auth/get-viewer` in tests: the real one asks better-auth about the
 * request's session cookie; here the test says who is signed in.
 *
 *   vi.mock('@/auth/get-viewer', () => import('@/testing/viewer-double'));
 *   signInAs(testViewer('ada'));
 */

let current: Viewer | null = null;

/** Who the code under test sees as signed in from now on; null for an anonymous visitor. */
export function signInAs(viewer: Viewer | null): void {
  current = viewer;
}

export async function getViewer(): Promise<Viewer | null> {
  return current;
}
