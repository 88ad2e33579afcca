import { MAX_ROW_ID } from '@/catalog/refs';
import { AppError } from '@/errors/app-error';

/** The `[id]` of an API route: a positive 32-bit integer, or a 404 naming what was asked for. */
export function parseRouteId(value: string, noun: 'course' | 'document'): number {
  const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > MAX_ROW_ID) {
    throw new AppError('not_found', `There is no ${noun} "${value}".`);
  }
  return id;
}
