import { parseRef } from '@/catalog/refs';
import { AppError } from '@/errors/app-error';

/** The `[id]` of an API path (`12`, or a page's `12-slug`); anything else names no document. */
export function parseDocumentId(raw: string): number {
  const parsed = parseRef(raw);
  if (!parsed) throw new AppError('not_found', `There is no document ${raw}.`);
  return parsed.id;
}
