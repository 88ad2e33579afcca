import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PdfTextLimits } from './pdf-text-limits';
import type { PdfReading } from './read-pdf-text';

export type PdfReaderRequest =
  | { task: 'open'; bytes: Uint8Array }
  | { task: 'read'; bytes: Uint8Array; limits: PdfTextLimits };

/**
 * Child processes at once per web process and task; later requests wait their turn. Open
 * checks have their own turns: an upload's response never waits behind long readings.
 */
const MAX_CONCURRENT_CHILDREN = 2;
/** Below the web app's own requests when the cores are busy (a higher nice value is lower priority). */
const READER_NICENESS = 10;

function createTurns() {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function takeTurn(): Promise<() => void> {
    if (running < MAX_CONCURRENT_CHILDREN) running += 1;
    // The turn is handed over by the one ending: no newcomer can take it in between.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    return () => {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    };
  };
}

const turns: Record<PdfReaderRequest['task'], () => Promise<() => void>> = {
  open: createTurns(),
  read: createTurns(),
};

/**
 * The web app's folder, resolved at run time from the working directory (the app's or the
 * repository's): Next's bundler rewrites paths built from `import.meta.url`.
 */
function webAppFolder(): string {
  const resolveFromCwd = createRequire(path.join(process.cwd(), 'package.json')).resolve;
  return path.dirname(resolveFromCwd('@coursepack/web/package.json'));
}

let readerScript: Promise<string> | undefined;

/**
 * The child's entry point (pdf-reader-child-main.ts and what it imports) compiled once per
 * process with esbuild into one JavaScript file that plain Node runs: a TypeScript loader such
 * as tsx would also recompile pdf.js in every child (a second of CPU, 170 MB). It is written
 * inside the app's folder so that `pdfjs-dist`, left out of the bundle (it loads its own worker
 * and font files from its folder), resolves; its name is its content's hash, so concurrent
 * processes and versions never overwrite one another's.
 */
async function compileReaderScript(folder: string): Promise<string> {
  const esbuildPath = createRequire(path.join(folder, 'package.json')).resolve('esbuild');
  const esbuild: typeof import('esbuild') = await import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ pathToFileURL(esbuildPath).href
  );
  const result = await esbuild.build({
    entryPoints: [path.join(folder, 'src/documents/pdf-reader-child-main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['pdfjs-dist'],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const directory = path.join(folder, 'node_modules', '.cache', 'coursepack');
  const file = path.join(directory, `pdf-reader-${hash}.mjs`);
  await mkdir(directory, { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, code);
  await rename(partial, file);
  return file;
}

/**
 * Runs `request` in a child process with its own heap limit, niced, killed at `deadlineMs`
 * (start-up included). pdf.js parses synchronously and may hold gigabytes for a hostile file:
 * in the web process that stalls every request (a 100 MB content stream held one `GET /` for
 * 28 s), in a child it costs the child. A plain function of bytes, so a separate worker process
 * can call it the same way.
 */
export async function readPdfInChild(
  request: PdfReaderRequest,
  { deadlineMs, heapMb }: { deadlineMs: number; heapMb: number },
): Promise<PdfReading> {
  const release = await turns[request.task]();
  try {
    const folder = webAppFolder();
    readerScript ??= compileReaderScript(folder).catch((error: unknown) => {
      readerScript = undefined;
      throw error;
    });
    const child = fork(await readerScript, [], {
      cwd: folder,
      execArgv: [`--max-old-space-size=${heapMb}`],
      // Structured clone: the PDF's bytes travel as bytes, not as JSON.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return await new Promise<PdfReading>((resolve, reject) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, deadlineMs);
      child.once('spawn', () => {
        if (child.pid !== undefined) {
          try {
            setPriority(child.pid, READER_NICENESS);
          } catch {
            // Not permitted on some systems; the child then competes as an equal.
          }
        }
        child.send(request);
      });
      child.once('message', (reading: PdfReading) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        resolve(reading);
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      // After a reading has been resolved, settling again is a no-op.
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (timedOut) resolve({ ok: false, problem: { code: 'deadline' } });
        // V8 aborts the process when the heap limit is reached.
        else if (signal === 'SIGABRT' || code === 134) {
          resolve({ ok: false, problem: { code: 'memory' } });
        } else reject(new Error(`The PDF reader exited with ${signal ?? code} and no reading`));
      });
    });
  } finally {
    release();
  }
}
