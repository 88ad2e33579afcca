import { AppError } from './app-error';

/** The `[id]` of an API route: a positive 32-bit integer, or a 404 naming what was asked for. */
export function parseRouteId(value: string, noun: 'course' | 'document'): number {
  const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) {
    throw new AppError('not_found', `There is no ${noun} "${value}".`);
  }
  return id;
}
