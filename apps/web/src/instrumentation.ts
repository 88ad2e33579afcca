import { reportDatabaseError } from '@/server/database-health';

/**
 * Every server error of a page or route: one that says the database is unreachable raises the
 * flag, so `proxy.ts` answers the next pages with a 503 until the database is back.
 */
export function onRequestError(error: unknown): void {
  reportDatabaseError(error);
}
