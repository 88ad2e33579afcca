import type { PdfReaderMessage, PdfReadingRequest } from './read-pdf-in-child';
import { readPdfText } from './read-pdf-text';

/**
 * The entry point of the child process read-pdf-in-child.ts starts: one request in, progress
 * as each page starts and one reading out; the parent then kills it. A crash, a full heap or a
 * deadline's SIGKILL ends only this process.
 */
process.once('message', async (request: PdfReadingRequest) => {
  const say = (message: PdfReaderMessage) => process.send?.(message);
  const reading = await readPdfText(request.bytes, request.limits, {
    language: request.language,
    slice: request.slice,
    onPageStart: (number) => say({ type: 'page', number }),
  });
  say({ type: 'done', reading });
});

// Its parent is gone (crashed, or restarted): nobody waits for the reading, and nobody would
// kill this process at the deadline.
process.once('disconnect', () => process.exit(1));
