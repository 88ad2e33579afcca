/**
 * What reading one uploaded PDF may cost (docs/worker.md). A hostile file (a decompression bomb,
 * a page of a hundred million operators, thousands of scanned pages) meets one of these before it
 * can hold the worker for long or take its memory; a genuine 2,000-page textbook or a 100-page
 * scan stays well within every one.
 */
export interface PdfTextLimits {
  /** Pages per document. */
  maxPages: number;
  /** Characters of text kept per page; the rest is cut with a note. */
  maxPageChars: number;
  /** Characters of text kept per document; later pages are cut with a note. */
  maxDocumentChars: number;
  /** Decompressed bytes of one page's content streams (its drawing instructions). */
  maxPageContentBytes: number;
  /** Decompressed bytes of any other stream pdf.js may decode (forms, fonts, object streams). */
  maxStreamBytes: number;
  /** Decompressed bytes of all those streams together. */
  maxTotalStreamBytes: number;
  /**
   * Pages without a text layer recognised by OCR per document; later ones stay without text
   * (readable, not searchable), with a note saying so.
   */
  maxOcrPages: number;
  /** Pixels of one page rendered for OCR (about 300 dpi for A4 and Letter, less for larger pages). */
  ocrMaxPixels: number;
  /**
   * Pixels of the images a page holds for it to be drawn for OCR: pdf.js decodes every image
   * whole, at about 8 bytes a pixel, whatever the page's size. A page over it is shown but not
   * recognised, with a note saying why.
   */
  ocrMaxImagePixels: number;
  /**
   * A reading's turn: after this long (wall-clock) it starts no more pages, and a document with
   * pages left is read on in a later job, behind other members' documents (docs/worker.md).
   */
  sliceMs: number;
  /** Wall-clock time of one slice's reading process, start-up included; then it is killed. */
  deadlineMs: number;
  /** Longest one page may take (reading its text, or recognising it); then the reading is killed. */
  pageDeadlineMs: number;
  /**
   * Part of the time the reading runs while the other processes keep the machine busy: it is
   * stopped in between (reader-cpu-gate.ts). 1: never stopped, idle priority only.
   */
  busyCpuShare: number;
  /** V8 heap of the child process that reads (`--max-old-space-size`). */
  heapMb: number;
  /**
   * Resident memory of that child, heap, canvas and OCR engine together (the last two live
   * outside the V8 heap); then it is killed.
   */
  maxResidentMb: number;
}

const MB = 1024 * 1024;

export const PDF_TEXT_LIMITS: PdfTextLimits = {
  maxPages: 3_000,
  // A dense page of prose holds 3,000 to 5,000 characters.
  maxPageChars: 100_000,
  maxDocumentChars: 4_000_000,
  // A page of text needs tens of KB; detailed vector drawings (maps, plans) a few MB.
  maxPageContentBytes: 16 * MB,
  maxStreamBytes: 32 * MB,
  maxTotalStreamBytes: 512 * MB,
  // About two seconds a page here: a 300-page scan takes ten minutes.
  maxOcrPages: 300,
  ocrMaxPixels: 9_000_000,
  // A 600 DPI colour scan of an A4 or Letter page is 35 million pixels, about 300 MB to draw;
  // six 7000² images on one page (the second attack probe) are 294 million, 1.5 GB.
  ocrMaxImagePixels: 50_000_000,
  // Another member's small document waits for at most this (and the page in progress).
  sliceMs: 10_000,
  // The page started just before the turn ends has its whole page deadline, even stopped three
  // times in four by the CPU gate until half of this has passed; inside the job queue's expiry
  // for a document (packages/jobs/src/queues.ts, 5 minutes).
  deadlineMs: 140_000,
  pageDeadlineMs: 60_000,
  // Beside a web app serving pages back to back on 2 cores: page p99 1.0× idle at a quarter,
  // 1.2× at a half, 1.3–1.45× never stopped (docs/worker.md).
  busyCpuShare: 0.25,
  heapMb: 512,
  maxResidentMb: 1_024,
};
