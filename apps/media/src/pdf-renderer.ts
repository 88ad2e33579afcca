import { Worker } from 'node:worker_threads';
import { LruMap } from './lru-map';
import { MediaError } from './media-error';

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
  /** Largest decoded stream, and most operators per content stream (see @coursepack/pdf-guard). */
  maxContentBytes: number;
  maxOperators: number;
  /** Larger images inside a PDF are skipped (their decoded pixels are native memory). */
  maxImagePixels: number;
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
  | { id: number; ok: true; result: PdfInfo | RenderResult }
  | { id: number; ok: false; message: string; refused: boolean };

interface Job {
  id: number;
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
}

/** How often resident memory is sampled while renders run. */
const MEMORY_SAMPLE_MS = 100;

const WORKER_URL = new URL('./render-pdf.worker.mjs', import.meta.url);
/**
 * Documents and pages refused by a limit, remembered so that asking again (a page listing
 * thumbnails, clients polling) costs nothing. Keyed by the file's hash, so a new upload is
 * judged afresh; timed, because a deadline missed under load may pass another time.
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
 */
export class PdfRenderer {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private readonly refusals = new LruMap<string, { error: MediaError; until: number }>(
    MAX_REMEMBERED_REFUSALS,
  );
  private nextId = 1;
  private closed = false;
  private memoryWatch?: NodeJS.Timeout;

  constructor(private readonly limits: PdfRendererLimits) {
    this.slots = Array.from({ length: limits.workers }, () => ({}));
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

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.memoryWatch);
    for (const job of this.queue.splice(0)) job.reject(new Error('PDF renderer is closed'));
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
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, request, resolve, reject });
      this.dispatch();
    });
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
   * The next queued job still worth running: one whose document or page was refused while it
   * waited (the same thumbnail asked for in several sizes) fails at once.
   */
  private nextJob(): Job | undefined {
    for (let job = this.queue.shift(); job; job = this.queue.shift()) {
      const refusal = this.findRefusal(job.request);
      if (!refusal) return job;
      job.reject(refusal);
    }
    return undefined;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.nextJob();
      if (!job) return;
      const worker = slot.worker ?? this.spawn(slot);
      slot.job = job;
      worker.ref();
      if (slot.ready) this.startDeadline(slot, worker, job);
      slot.rssAtStart = process.memoryUsage.rss();
      this.watchMemory();
      worker.postMessage({ ...job.request, id: job.id });
    }
  }

  private startDeadline(slot: Slot, worker: Worker, job: Job): void {
    slot.deadline = setTimeout(() => {
      const { subject, action, key } = describeRequest(job.request);
      this.replaceWorker(slot, worker);
      this.refuse(
        key,
        job,
        `${subject} took longer than ${this.limits.timeoutMs} ms to ${action} (the maximum)`,
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
      const busy = this.slots.filter((slot) => slot.job && slot.worker);
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
    const { maxContentBytes, maxOperators, maxImagePixels, heapMb } = this.limits;
    const worker = new Worker(WORKER_URL, {
      execArgv: [],
      workerData: { maxContentBytes, maxOperators, maxImagePixels },
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
      this.finish(slot, worker);
      if (reply.ok) job.resolve(reply.result);
      else if (reply.refused) this.refuse(job.request.version, job, reply.message);
      else job.reject(new Error(reply.message));
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

  /** The slot's job is over: free the slot for the next one. */
  private finish(slot: Slot, worker: Worker): void {
    clearTimeout(slot.deadline);
    slot.job = undefined;
    worker.unref();
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
