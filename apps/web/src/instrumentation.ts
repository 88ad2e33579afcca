import { reportDatabaseError } from './lib/database-health';

/** Runs once when a server process starts (Next.js instrumentation hook). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startStalledDocumentSweep } = await import('./documents/start-stalled-document-sweep');
  startStalledDocumentSweep();
}

/**
 * Every server error of a page or route: one that says the database is unreachable raises the
 * flag, so `proxy.ts` answers the next pages with a 503 until the database is back.
 */
export function onRequestError(error: unknown): void {
  reportDatabaseError(error);
}
