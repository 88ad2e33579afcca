import { Worker } from 'node:worker_threads';
import { LruMap } from '../lru-map';
import { MediaError } from '../media-error';
import { PdfRenderBreaker, type PdfRenderBreakerLimits } from './pdf-render-breaker';

/** Page 1's size in PDF points (1/72 in) and the page count. */
export interface PdfInfo {
  pages: number;
  width: number;
  height: number;
}

export interface RenderedPage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, white background. */
  pixels: Uint8Array;
}

export interface PdfRendererLimits {
  /** Worker threads, each rendering one page at a time. */
  workers: number;
  /** V8 heap cap of each worker (pdf.js's operator lists and parsed objects live there). */
  heapMb: number;
  /** A call still running after this is stopped: its worker is terminated and replaced. */
  timeoutMs: number;
  /**
   * A call during which the process's resident memory grows by more than this is stopped.
   * The canvas draws with native memory the heap cap does not see (text drawn a million
   * times through a repeated form grew it by up to 200 MB a second).
   */
  maxRenderGrowthMb: number;
  /** Largest decoded stream (see @coursepack/pdf-guard). */
  maxContentBytes: number;
  /** Larger images inside a PDF are skipped (their decoded pixels are native memory). */
  maxImagePixels: number;
  /**
   * A page whose images together decode to more is refused before it is drawn (pdf.js decodes
   * each image whole, 4 bytes a pixel, whatever size the page shows it at). The pages being
   * drawn at once share the same bound: one that would go past it waits for the others.
   */
  maxPageImageBytes: number;
  /** Workers one document (one file) may hold at once: the others stay free for other PDFs. */
  workersPerDocument: number;
  /** Calls one document may have waiting; more are refused until some have run. */
  maxQueuedPerDocument: number;
  /** When a document whose renders miss their deadline is paused (see PdfRenderBreaker). */
  breaker: PdfRenderBreakerLimits;
}

interface RenderResult {
  width?: number;
  height?: number;
  pixels?: ArrayBuffer;
  outOfRange?: boolean;
  pages?: number;
}

type Request =
  | { type: 'inspect'; file: string; version: string }
  | {
      type: 'render';
      file: string;
      version: string;
      page: number;
      scale: number;
      maxPixels: number;
    };

type Reply =
  | { ready: true }
  /** The worker is about to decode this many bytes of images, and waits for a grant. */
  | { id: number; reserve: number }
  | { id: number; ok: true; result: PdfInfo | RenderResult }
  /** `refused`: a limit of the content, remembered for the whole document or for the page. */
  | { id: number; ok: false; message: string; refused?: 'document' | 'page' };

interface Job {
  id: number;
  /** The file's hash: fair shares, queues and the circuit breaker are per document. */
  document: string;
  request: Request;
  resolve: (value: PdfInfo | RenderResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker?: Worker;
  /** The worker has loaded pdf.js: deadlines time rendering, not the thread's start-up. */
  ready?: boolean;
  /** The one job this slot's worker is running. */
  job?: Job;
  deadline?: NodeJS.Timeout;
  /** Resident memory when the job was sent, to measure how much it has grown since. */
  rssAtStart?: number;
  /** Image bytes the job asked to decode, and whether it may (see `reserve`). */
  imageBytes?: number;
  granted?: boolean;
}

/** How often resident memory is sampled while renders run. */
const MEMORY_SAMPLE_MS = 100;
/**
 * A worker whose call grew resident memory by more than this is replaced once it answers:
 * what pdf.js and the canvas allocated for a heavy page (hundreds of MB for large images)
 * otherwise stays with the worker between renders; a new worker costs a fraction of a second.
 */
const RECYCLE_AFTER_GROWTH_BYTES = 64 * 1024 * 1024;

const WORKER_URL = new URL('./render-pdf.worker.mjs', import.meta.url);
/**
 * Documents and pages refused by a limit of their content (the stream check, the heap cap),
 * remembered so that asking again (a page listing thumbnails, clients polling) costs nothing.
 * Keyed by the file's hash, so a new upload is judged afresh. Missed deadlines are not among
 * them: load can cause those, so they only count against the document (PdfRenderBreaker).
 */
const MAX_REMEMBERED_REFUSALS = 1_000;
const REFUSAL_MEMORY_MS = 10 * 60_000;

/** What a request is about, for messages and for remembering its refusal. */
function describeRequest(request: Request): { subject: string; action: string; key: string } {
  return request.type === 'render'
    ? {
        subject: `PDF page ${request.page}`,
        action: 'render',
        key: `${request.version}\u0000${request.page}`,
      }
    : { subject: 'PDF', action: 'open', key: `${request.version}\u0000inspect` };
}

/**
 * A pool of worker threads running pdf.js, each with a capped heap and one call at a time,
 * so a hostile document can only take down its own worker: a call past its deadline, or
 * whose worker runs out of heap, fails with a limit error and the worker is replaced; calls
 * queued behind it, and those on other workers, carry on. Workers keep a few documents open,
 * so rendering successive pages of one PDF does not parse it again.
 *
 * The pool is shared fairly between documents: each has its own queue, bounded, the queues
 * are served in turn, and one document holds at most `workersPerDocument` workers, so a PDF
 * whose pages all run to the deadline cannot make other documents' pages wait behind it.
 */
export class PdfRenderer {
  private readonly slots: Slot[];
  /** Waiting calls by document, in the order the documents are served next. */
  private readonly waiting = new Map<string, Job[]>();
  /** Workers each document holds now. */
  private readonly running = new Map<string, number>();
  private readonly breaker: PdfRenderBreaker;
  /** Slots waiting to decode their page's images, first come first served. */
  private readonly waitingForMemory: Slot[] = [];
  /** The most image bytes ever granted at once (for tests and benchmarks to read). */
  private peakImageBytes = 0;
  private readonly refusals = new LruMap<string, { error: MediaError; until: number }>(
    MAX_REMEMBERED_REFUSALS,
  );
  private nextId = 1;
  private closed = false;
  private memoryWatch?: NodeJS.Timeout;

  constructor(private readonly limits: PdfRendererLimits) {
    this.slots = Array.from({ length: limits.workers }, () => ({}));
    this.breaker = new PdfRenderBreaker(limits.breaker);
  }

  async inspect(file: string, version: string): Promise<PdfInfo> {
    try {
      return (await this.call({ type: 'inspect', file, version })) as PdfInfo;
    } catch (error) {
      if (error instanceof MediaError) throw error;
      throw new MediaError(
        'unsupported_file_type',
        `The PDF could not be read: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }

  async render(
    file: string,
    version: string,
    page: number,
    scale: number,
    maxPixels: number,
  ): Promise<RenderedPage> {
    const result = (await this.call({
      type: 'render',
      file,
      version,
      page,
      scale,
      maxPixels,
    })) as RenderResult;
    if (result.outOfRange) {
      throw new MediaError(
        'invalid_transformation',
        `Invalid transformation pg_${page}: the document has ${result.pages} page(s)`,
      );
    }
    return {
      width: result.width as number,
      height: result.height as number,
      pixels: new Uint8Array(result.pixels as ArrayBuffer),
    };
  }

  /** Image bytes pages are decoding now, and the most at once so far. */
  imageMemory(): { decoding: number; peak: number } {
    return { decoding: this.grantedImageBytes(), peak: this.peakImageBytes };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.memoryWatch);
    for (const job of [...this.waiting.values()].flat()) {
      job.reject(new Error('PDF renderer is closed'));
    }
    this.waiting.clear();
    await Promise.all(
      this.slots.map((slot) => {
        clearTimeout(slot.deadline);
        slot.job?.reject(new Error('PDF renderer is closed'));
        slot.job = undefined;
        return slot.worker?.terminate();
      }),
    );
  }

  private call(request: Request): Promise<PdfInfo | RenderResult> {
    if (this.closed) return Promise.reject(new Error('PDF renderer is closed'));
    const document = request.version;
    const paused = this.pausedError(document);
    if (paused) return Promise.reject(paused);
    const queue = this.waiting.get(document) ?? [];
    if (queue.length >= this.limits.maxQueuedPerDocument) {
      return Promise.reject(
        new MediaError(
          'unavailable',
          `${this.limits.maxQueuedPerDocument} pages of this PDF are already waiting to be drawn (the maximum); retry in a moment`,
          { retryAfterSeconds: Math.ceil(this.limits.timeoutMs / 1000) },
        ),
      );
    }
    return new Promise((resolve, reject) => {
      queue.push({ id: this.nextId++, document, request, resolve, reject });
      this.waiting.set(document, queue);
      this.dispatch();
    });
  }

  /** The answer to a call of a document paused by its circuit breaker, if it is. */
  private pausedError(document: string): MediaError | undefined {
    const pausedFor = this.breaker.pausedFor(document);
    if (pausedFor <= 0) return undefined;
    const seconds = Math.ceil(pausedFor / 1000);
    return new MediaError(
      'unavailable',
      `Drawing this PDF is paused for ${seconds} s: its pages took longer than ${this.limits.timeoutMs} ms to render ${this.limits.breaker.timeouts} times (the maximum)`,
      { retryAfterSeconds: seconds },
    );
  }

  /** A refusal remembered for this page, or for the whole document. */
  private findRefusal(request: Request): MediaError | undefined {
    for (const key of [describeRequest(request).key, request.version]) {
      const refusal = this.refusals.get(key);
      if (refusal && refusal.until > Date.now()) return refusal.error;
    }
    return undefined;
  }

  private refuse(key: string, job: Job, message: string): void {
    const error = new MediaError('limit_exceeded', message);
    this.refusals.set(key, { error, until: Date.now() + REFUSAL_MEMORY_MS });
    job.reject(error);
  }

  /**
   * The next queued job still worth running, taking documents in turn and skipping those that
   * hold their share of workers already. One whose document or page was refused while it
   * waited (the same thumbnail asked for in several sizes) fails at once, and so do all of a
   * document's waiting jobs once it is paused.
   */
  private nextJob(): Job | undefined {
    const share = Math.min(this.limits.workersPerDocument, this.slots.length);
    for (;;) {
      const document = [...this.waiting.keys()].find(
        (candidate) => (this.running.get(candidate) ?? 0) < share,
      );
      if (document === undefined) return undefined;
      const queue = this.waiting.get(document) ?? [];
      const paused = this.pausedError(document);
      if (paused) {
        this.waiting.delete(document);
        for (const job of queue) job.reject(paused);
        continue;
      }
      const job = queue.shift();
      // Served: to the back of the line.
      this.waiting.delete(document);
      if (queue.length > 0) this.waiting.set(document, queue);
      if (!job) continue;
      const refusal = this.findRefusal(job.request);
      if (!refusal) return job;
      job.reject(refusal);
    }
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.nextJob();
      if (!job) return;
      const worker = slot.worker ?? this.spawn(slot);
      slot.job = job;
      this.running.set(job.document, (this.running.get(job.document) ?? 0) + 1);
      worker.ref();
      if (slot.ready) this.startDeadline(slot, worker, job);
      slot.rssAtStart = process.memoryUsage.rss();
      this.watchMemory();
      worker.postMessage({ ...job.request, id: job.id });
    }
  }

  private startDeadline(slot: Slot, worker: Worker, job: Job): void {
    slot.deadline = setTimeout(() => {
      const { subject, action } = describeRequest(job.request);
      // Counted before the slot is freed, so a pause stops the document's next job already.
      this.breaker.recordTimeout(job.document);
      this.replaceWorker(slot, worker);
      job.reject(
        new MediaError(
          'unavailable',
          `${subject} took longer than ${this.limits.timeoutMs} ms to ${action} (the maximum)`,
          {
            retryAfterSeconds: Math.max(
              Math.ceil(this.limits.timeoutMs / 1000),
              Math.ceil(this.breaker.pausedFor(job.document) / 1000),
            ),
          },
        ),
      );
    }, this.limits.timeoutMs);
  }

  /**
   * While calls run, stops the one during which resident memory grew the most once that
   * growth passes the limit. Memory is the process's, so with several workers the growth is
   * shared: the call running longest is the likeliest cause. Such a stop is not remembered
   * (other work may have contributed); the delivery's own failure memory still spaces retries.
   */
  private watchMemory(): void {
    if (this.memoryWatch) return;
    const limit = this.limits.maxRenderGrowthMb * 1024 * 1024;
    this.memoryWatch = setInterval(() => {
      // A slot waiting for memory grows nothing: it is not to blame for what others grow.
      const busy = this.slots.filter(
        (slot) => slot.job && slot.worker && !this.waitingForMemory.includes(slot),
      );
      if (busy.length === 0) {
        clearInterval(this.memoryWatch);
        this.memoryWatch = undefined;
        return;
      }
      const rss = process.memoryUsage.rss();
      const first = busy.reduce((a, b) => ((a.rssAtStart ?? 0) <= (b.rssAtStart ?? 0) ? a : b));
      const { job, worker } = first;
      if (!job || !worker || rss - (first.rssAtStart ?? rss) <= limit) return;
      const { subject, action } = describeRequest(job.request);
      this.replaceWorker(first, worker);
      job.reject(
        new MediaError(
          'limit_exceeded',
          `${subject} grew memory by more than ${this.limits.maxRenderGrowthMb} MB to ${action} (the maximum)`,
        ),
      );
    }, MEMORY_SAMPLE_MS);
    this.memoryWatch.unref();
  }

  private spawn(slot: Slot): Worker {
    const { maxContentBytes, maxImagePixels, maxPageImageBytes, heapMb } = this.limits;
    const worker = new Worker(WORKER_URL, {
      execArgv: [],
      workerData: { maxContentBytes, maxImagePixels, maxPageImageBytes },
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const job = slot.job;
      if (slot.worker !== worker) return;
      if ('ready' in reply) {
        slot.ready = true;
        if (job) this.startDeadline(slot, worker, job);
        return;
      }
      if (!job || job.id !== reply.id) return;
      if ('reserve' in reply) {
        slot.imageBytes = reply.reserve;
        this.waitingForMemory.push(slot);
        // Waiting is not rendering: the deadline starts again once the memory is granted.
        clearTimeout(slot.deadline);
        this.grantMemory();
        return;
      }
      const grown = process.memoryUsage.rss() - (slot.rssAtStart ?? Number.POSITIVE_INFINITY);
      if (grown > RECYCLE_AFTER_GROWTH_BYTES) this.replaceWorker(slot, worker);
      else this.finish(slot, worker);
      if (reply.ok) {
        this.breaker.recordSuccess(job.document);
        job.resolve(reply.result);
      } else if (reply.refused === 'document') {
        this.refuse(job.request.version, job, reply.message);
      } else if (reply.refused === 'page') {
        this.refuse(describeRequest(job.request).key, job, reply.message);
      } else job.reject(new Error(reply.message));
    });
    // A worker that dies fails only the job it was running; the next job gets a new worker.
    worker.on('error', (error: Error & { code?: string }) => {
      const job = slot.job;
      if (slot.worker !== worker) return;
      this.replaceWorker(slot, worker);
      if (!job) return;
      const { subject, action, key } = describeRequest(job.request);
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.refuse(
          key,
          job,
          `${subject} needs more than ${this.limits.heapMb} MB of memory to ${action} (the maximum)`,
        );
      } else {
        job.reject(new Error(`PDF worker failed: ${error.message}`));
      }
    });
    worker.on('exit', (code) => {
      const job = slot.job;
      if (slot.worker !== worker) return;
      this.replaceWorker(slot, worker);
      job?.reject(new Error(`PDF worker exited with code ${code}`));
    });
    slot.worker = worker;
    return worker;
  }

  /** Image bytes being decoded now, by the slots granted them. */
  private grantedImageBytes(): number {
    return this.slots.reduce((sum, slot) => sum + (slot.granted ? (slot.imageBytes ?? 0) : 0), 0);
  }

  /**
   * Lets waiting slots decode their images, in turn, while they fit in the bound together
   * with those decoding already (one always may, alone, since its page passed the bound).
   */
  private grantMemory(): void {
    for (let slot = this.waitingForMemory[0]; slot; slot = this.waitingForMemory[0]) {
      const inUse = this.grantedImageBytes();
      const { worker, job } = slot;
      if (inUse > 0 && inUse + (slot.imageBytes ?? 0) > this.limits.maxPageImageBytes) return;
      this.waitingForMemory.shift();
      if (!worker || !job) continue;
      slot.granted = true;
      this.peakImageBytes = Math.max(this.peakImageBytes, this.grantedImageBytes());
      slot.rssAtStart = process.memoryUsage.rss();
      this.startDeadline(slot, worker, job);
      this.watchMemory();
      worker.postMessage({ type: 'grant' });
    }
  }

  /** The slot's job is over: free the slot for the next one. */
  private finish(slot: Slot, worker: Worker): void {
    clearTimeout(slot.deadline);
    const waiting = this.waitingForMemory.indexOf(slot);
    if (waiting >= 0) this.waitingForMemory.splice(waiting, 1);
    slot.imageBytes = undefined;
    slot.granted = undefined;
    const document = slot.job?.document;
    if (document !== undefined) {
      const holding = (this.running.get(document) ?? 1) - 1;
      if (holding > 0) this.running.set(document, holding);
      else this.running.delete(document);
    }
    slot.job = undefined;
    worker.unref();
    this.grantMemory();
    this.dispatch();
  }

  /** Stops a worker (its memory goes with it); the slot's next job starts a fresh one. */
  private replaceWorker(slot: Slot, worker: Worker): void {
    slot.worker = undefined;
    slot.ready = false;
    void worker.terminate();
    if (!this.closed) this.finish(slot, worker);
  }
}
