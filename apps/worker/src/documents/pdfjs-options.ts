import { createRequire } from 'node:module';
import path from 'node:path';
import type { DocumentInitParameters } from 'pdfjs-dist/types/src/display/api';

/**
 * pdfjs-dist's folder, for its font data and CMaps; resolved from this file, which esbuild
 * bundles into the reading child (pdfjs-dist itself stays outside the bundle, in node_modules).
 */
function pdfjsFolder(): string {
  const resolveFromCwd = createRequire(path.join(process.cwd(), 'package.json')).resolve;
  return path.dirname(resolveFromCwd('pdfjs-dist/package.json'));
}

/** How every PDF is opened for reading: the reader's child, and tests that need an open document. */
export function pdfjsOptions(bytes: Uint8Array): DocumentInitParameters {
  const pdfjsRoot = pdfjsFolder();
  return {
    // pdf.js takes ownership of (detaches) the buffer it is given; the caller keeps its own.
    data: new Uint8Array(bytes),
    // Fonts that are not embedded (Helvetica…) map their glyphs to text through these.
    standardFontDataUrl: `${path.join(pdfjsRoot, 'standard_fonts')}${path.sep}`,
    cMapUrl: `${path.join(pdfjsRoot, 'cmaps')}${path.sep}`,
    cMapPacked: true,
    // pdf.js decodes JPEG 2000 (archives' scans) only with OpenJPEG from here; without it such
    // an image is left out of the page, and a scan reads as blank. JBIG2 and CCITT fax use it too.
    wasmUrl: `${path.join(pdfjsRoot, 'wasm')}${path.sep}`,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  };
}
