import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { canTieChildToParent, forkAtIdlePriority } from './fork-at-idle-priority';
import type { PdfTextLimits } from './pdf-text-limits';
import type { PdfReading } from './read-pdf-text';
import { type GovernedReader, ReaderCpuGate } from './reader-cpu-gate';
import type { ReadingSlice } from './reading-slice';

export interface PdfReadingRequest {
  bytes: Uint8Array;
  limits: PdfTextLimits;
  /** The course's language (`en`, `de`, `pt-BR`): picks the OCR model. */
  language: string;
  slice: ReadingSlice;
}

/**
 * What the child says while it works: as it starts each page (reading its text, or recognising
 * it), then once with the reading.
 */
export type PdfReaderMessage =
  | { type: 'page'; number: number }
  | { type: 'done'; reading: PdfReading };

/** How often the child's resident memory is measured. */
const MEMORY_CHECK_MS = 250;

const appFolder = path.resolve(import.meta.dirname, '..', '..');

let readerScript: Promise<string> | undefined;

/** One per process: it measures the other processes' use beside all of this process's readers. */
const gate = new ReaderCpuGate();

/**
 * The child's entry point (pdf-reader-child-main.ts and what it imports) compiled once per
 * process with esbuild into one JavaScript file that plain Node runs: a TypeScript loader such
 * as tsx would also recompile pdf.js in every child (a second of CPU, 170 MB). It is written
 * inside the app's folder so that the packages left out of the bundle (pdf.js and tesseract.js
 * load worker and data files from their folders) resolve; its name is its content's hash, so
 * concurrent processes and versions never overwrite one another's.
 */
async function compileReaderScript(): Promise<string> {
  const esbuildPath = createRequire(path.join(appFolder, 'package.json')).resolve('esbuild');
  const esbuild: typeof import('esbuild') = await import(esbuildPath);
  const result = await esbuild.build({
    entryPoints: [path.join(appFolder, 'src/documents/pdf-reader-child-main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const directory = path.join(appFolder, 'node_modules', '.cache', 'coursepack');
  const file = path.join(directory, `pdf-reader-${hash}.mjs`);
  await mkdir(directory, { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, code);
  await rename(partial, file);
  return file;
}

/** Resident memory of a process in MB, from /proc (Linux); undefined elsewhere or once it is gone. */
async function residentMb(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kb = status?.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

/**
 * Reads a PDF (text, and OCR for pages without any) in a child process with its own heap limit,
 * at idle priority (`forkAtIdlePriority`) and stopped in turns while the machine is busy
 * (`ReaderCpuGate`, `limits.busyCpuShare`), watched for its resident memory, and killed when the
 * whole reading passes `deadlineMs` or one page passes `pageDeadlineMs` of the time it was let
 * run. pdf.js parses synchronously and OCR is seconds of CPU a page: a hostile file costs the
 * child, never the worker that runs other jobs meanwhile.
 */
export async function readPdfInChild(request: PdfReadingRequest): Promise<PdfReading> {
  const { limits } = request;
  readerScript ??= compileReaderScript().catch((error: unknown) => {
    readerScript = undefined;
    throw error;
  });
  // Structured clone (as forkAtIdlePriority speaks): the PDF's bytes travel as bytes.
  const child = forkAtIdlePriority(await readerScript, {
    cwd: appFolder,
    execArgv: [`--max-old-space-size=${limits.heapMb}`],
  });
  return new Promise<PdfReading>((resolve, reject) => {
    let stopped: PdfReading | undefined;
    let pageInProgress = 1;
    let governed: GovernedReader | undefined;
    const stop = (reading: PdfReading) => {
      stopped ??= reading;
      child.kill('SIGKILL');
    };
    const deadline = setTimeout(() => stop(failed({ code: 'deadline' })), limits.deadlineMs);
    // A page's deadline counts the time the gate let the reader run; once the gate has let go
    // (half the reading's deadline), every millisecond counts.
    let pageStartedAt = 0;
    let pageDeadline: NodeJS.Timeout | undefined;
    const armPageDeadline = (ms: number) => {
      clearTimeout(pageDeadline);
      pageDeadline = setTimeout(() => {
        const left = limits.pageDeadlineMs - (runningMs() - pageStartedAt);
        if (left > 0) armPageDeadline(left);
        else stop(failed({ code: 'pageDeadline', page: pageInProgress }));
      }, ms);
    };
    const startedAt = performance.now();
    const runningMs = () => performance.now() - startedAt - (governed?.stoppedMs() ?? 0);
    armPageDeadline(limits.pageDeadlineMs);
    const memoryWatch = setInterval(() => {
      if (child.pid === undefined) return;
      void residentMb(child.pid).then((mb) => {
        if (mb !== undefined && mb > limits.maxResidentMb) stop(failed({ code: 'memory' }));
      });
    }, MEMORY_CHECK_MS);
    const settle = () => {
      clearTimeout(deadline);
      clearTimeout(pageDeadline);
      clearInterval(memoryWatch);
      governed?.release();
    };
    child.once('spawn', () => {
      if (child.pid !== undefined && canTieChildToParent()) {
        governed = gate.watch(child.pid, limits.busyCpuShare, limits.deadlineMs / 2);
      }
      child.send(request);
    });
    child.on('message', (message: PdfReaderMessage) => {
      if (message.type === 'page') {
        pageInProgress = message.number;
        pageStartedAt = runningMs();
        armPageDeadline(limits.pageDeadlineMs);
        return;
      }
      settle();
      stop(message.reading);
      resolve(message.reading);
    });
    child.once('error', (error) => {
      settle();
      reject(error);
    });
    // After a reading has been resolved, settling again is a no-op.
    child.once('exit', (code, signal) => {
      settle();
      if (stopped) resolve(stopped);
      // V8 aborts the process when the heap limit is reached.
      else if (signal === 'SIGABRT' || code === 134) resolve(failed({ code: 'memory' }));
      else reject(new Error(`The PDF reader exited with ${signal ?? code} and no reading`));
    });
  });
}

function failed(problem: Extract<PdfReading, { ok: false }>['problem']): PdfReading {
  return { ok: false, problem };
}
