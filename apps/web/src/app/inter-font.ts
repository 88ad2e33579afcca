import localFont from 'next/font/local';

/**
 * Inter, shipped from npm (@fontsource-variable/inter) and served by the app itself: the site
 * looks the same on every system, and neither the build nor a visitor fetches a font elsewhere.
 * One variable file covers every weight of the Latin alphabet.
 *
 * Not preloaded: every page's largest paint is an image (a cover, page 1), and 48 KB of font
 * fetched ahead of it delayed it (Lighthouse mobile LCP 2.9 s → 1.2-2.0 s on the home page
 * without). Text shows at once in "Inter Fallback" (globals.css), a local Arial-metric face
 * resized to Inter's, so the swap moves nothing; next/font's own fallback names Arial alone,
 * which Linux does not have, and there the swap shifted the reader's pages down.
 */
export const interFont = localFont({
  src: '../../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  preload: false,
  adjustFontFallback: false,
  fallback: ['Inter Fallback'],
  variable: '--font-inter',
});
