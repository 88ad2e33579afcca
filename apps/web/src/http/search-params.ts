/** One value of a query parameter (the first when repeated), or undefined. */
export function single(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

/** A 1-based page number; anything else (0, -3, 2.5, "abc", huge) reads as page 1. */
export function pageNumber(value: string | string[] | undefined): number {
  const raw = single(value);
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** A slug filter; anything that could not be a slug is ignored. */
export function slugParam(value: string | string[] | undefined): string | undefined {
  const raw = single(value);
  return raw && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(raw) && raw.length <= 80 ? raw : undefined;
}
