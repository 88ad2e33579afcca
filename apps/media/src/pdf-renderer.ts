import { Worker } from 'node:worker_threads';
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

interface RenderResult {
  width?: number;
  height?: number;
  pixels?: ArrayBuffer;
  outOfRange?: boolean;
  pages?: number;
}

type Reply =
  | { id: number; ok: true; result: PdfInfo | RenderResult }
  | { id: number; ok: false; message: string };

interface Pending {
  resolve: (value: PdfInfo | RenderResult) => void;
  reject: (error: Error) => void;
}

interface WorkerEntry {
  worker: Worker;
  pending: Map<number, Pending>;
}

const WORKER_URL = new URL('./render-pdf.worker.mjs', import.meta.url);

/**
 * A small pool of worker threads running pdf.js. Each worker keeps a few documents open, so
 * rendering successive pages of one PDF does not parse it again.
 */
export class PdfRenderer {
  private readonly workers: (WorkerEntry | undefined)[] = [];
  private nextId = 1;
  private nextWorker = 0;
  private closed = false;

  constructor(private readonly size: number) {}

  private spawn(slot: number): WorkerEntry {
    const pending = new Map<number, Pending>();
    const worker = new Worker(WORKER_URL, { execArgv: [] });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(new Error(reply.message));
    });
    const failAll = (error: Error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      // The next call to this slot starts a fresh worker.
      if (this.workers[slot]?.worker === worker) this.workers[slot] = undefined;
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => {
      if (!this.closed) failAll(new Error(`PDF worker exited with code ${code}`));
    });
    const entry = { worker, pending };
    this.workers[slot] = entry;
    return entry;
  }

  private call(
    message: Record<string, unknown>,
    transfer?: ArrayBuffer[],
  ): Promise<PdfInfo | RenderResult> {
    if (this.closed) return Promise.reject(new Error('PDF renderer is closed'));
    const slot = this.nextWorker++ % this.size;
    const entry = this.workers[slot] ?? this.spawn(slot);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      entry.pending.set(id, { resolve, reject });
      entry.worker.ref();
      entry.worker.postMessage({ ...message, id }, transfer ?? []);
    }).finally(() => {
      if (entry.pending.size === 0) entry.worker.unref();
    }) as Promise<PdfInfo | RenderResult>;
  }

  async inspect(file: string, version: string): Promise<PdfInfo> {
    try {
      return (await this.call({ type: 'inspect', file, version })) as PdfInfo;
    } catch (error) {
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
    await Promise.all(this.workers.map((entry) => entry?.worker.terminate()));
    this.workers.length = 0;
  }
}
