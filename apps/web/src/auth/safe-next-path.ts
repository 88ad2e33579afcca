/**
 * Where to go after signing in: only a path on this site. `//evil.example` and
 * `https://…` would turn the sign-in page into an open redirect.
 */
export function safeNextPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop tabs and newlines from URLs, so "/\t/evil.example" would become "//evil.example"
  if (/[\u0000-\u001f]/.test(value) || value.length > 1000) return fallback;
  return value;
}
