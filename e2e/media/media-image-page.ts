// Browser entry bundled by media-image.e2e.ts: renders <MediaImage> for each URL in the page's
// query string and records what onError receives.
import { MediaImage, type MediaImageError } from '@coursepack/images/media-image';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

declare global {
  interface Window {
    mediaImageErrors: (MediaImageError & { src: string })[];
  }
}

window.mediaImageErrors = [];
const params = new URLSearchParams(window.location.search);
const sources = params.getAll('src');
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

createRoot(root).render(
  sources.map((src, index) =>
    createElement(MediaImage, {
      key: src,
      src,
      alt: `Image ${index + 1}`,
      width: 120,
      maxWaitMs: 20_000,
      'data-testid': `image-${index + 1}`,
      onError: (error: MediaImageError) => window.mediaImageErrors.push({ ...error, src }),
    } as Parameters<typeof MediaImage>[0]),
  ),
);
