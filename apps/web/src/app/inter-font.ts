import localFont from 'next/font/local';

/**
 * Inter, shipped from npm (@fontsource-variable/inter) and served by the app itself: the site
 * looks the same on every system, and neither the build nor a visitor fetches a font elsewhere.
 * One variable file covers every weight of the Latin alphabet.
 */
export const interFont = localFont({
  src: '../../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-inter',
});
