/** The product's processes, found from /proc (Linux), and their memory watched while a bench runs. */
import { readdir, readFile } from 'node:fs/promises';
import { findListeningPid } from '../../e2e/support/find-listening-pid';
import type { RunningProduct } from '../../e2e/support/start-product';
import { processTree, readProcessTable, residentBytes } from './measure';
import { readProcStat, TICKS_PER_SECOND } from './proc-stat';

/**
 * The worker's topmost process: its command runs apps/worker/src/main.ts with our DATA_DIR (it
 * listens on no port, so nothing else tells it from another product's worker on the machine).
 */
export async function findWorkerPid(dataDir: string): Promise<number | undefined> {
  const matches = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes('apps/worker/src/main.ts')) continue;
    const environ = await readFile(`/proc/${entry}/environ`, 'utf8').catch(() => '');
    if (!environ.split('\0').includes(`DATA_DIR=${dataDir}`)) continue;
    matches.set(Number(entry), (await readProcStat(entry))?.parent ?? 0);
  }
  return [...matches].find(([, ppid]) => !matches.has(ppid))?.[0];
}

export const PARTS = ['web', 'media', 'collector', 'worker', 'reader'] as const;
/** A part of the product; `reader` is the largest one of the worker's PDF reader processes. */
export type Part = (typeof PARTS)[number];
export type MemoryPeaks = Record<Part, number>;

const SAMPLE_MS = 200;
/** The worker's PDF readers run a script compiled to this name (apps/worker/src/documents). */
const READER_SCRIPT = /pdf-reader-[0-9a-f]+\.mjs/;

const noPeaks = (): MemoryPeaks => ({ web: 0, media: 0, collector: 0, worker: 0, reader: 0 });

/**
 * Samples the resident memory of each part's process tree every 200 ms until `stop()`: the
 * listening process of web, media and collector, the worker with its reader children, and the
 * largest single reader. A part passing `killMb` has its whole process group killed (npm start
 * restarts it), so a run against an unprotected build cannot take the machine down.
 */
export function watchMemory(product: RunningProduct, killMb: number) {
  const overall = noPeaks();
  let phase = noPeaks();
  const killed = new Set<Part>();
  const roots = new Map<Exclude<Part, 'reader'>, number>();
  let running = true;

  const findRoot = async (part: Exclude<Part, 'reader'>) =>
    part === 'worker' ? findWorkerPid(product.dataDir) : findListeningPid(product.ports[part]);

  const sample = async () => {
    const table = await readProcessTable();
    const seen = noPeaks();
    for (const part of ['web', 'media', 'collector', 'worker'] as const) {
      let root = roots.get(part);
      // Found again after a restart: finding a listening process reads every process's sockets.
      if (root === undefined || !table.has(root)) {
        root = await findRoot(part);
        if (root === undefined) continue;
        roots.set(part, root);
      }
      const tree = processTree(table, root);
      const sizes = await Promise.all(tree.map((pid) => residentBytes(pid)));
      seen[part] = sizes.reduce((total, size) => total + size, 0);
      if (part === 'worker') {
        for (const [index, pid] of tree.entries()) {
          const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
          if (READER_SCRIPT.test(cmdline)) seen.reader = Math.max(seen.reader, sizes[index] ?? 0);
        }
      }
      const group = table.get(root)?.group;
      if (seen[part] > killMb * 1024 * 1024 && group) {
        killed.add(part);
        try {
          process.kill(-group, 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
      }
    }
    for (const part of PARTS) {
      overall[part] = Math.max(overall[part], seen[part]);
      phase[part] = Math.max(phase[part], seen[part]);
    }
  };

  const loop = (async () => {
    while (running) {
      await sample();
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return {
    overall,
    killed,
    /** The peaks since the last call (or the start), then starts counting anew. */
    takePhase(): MemoryPeaks {
      const peaks = phase;
      phase = noPeaks();
      return peaks;
    },
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** CPU time the product's processes (or only media's) have used so far, in ticks. */
async function productTicks(
  product: RunningProduct,
  scope: 'product' | 'media',
): Promise<number | undefined> {
  const media = await findListeningPid(product.ports.media);
  if (media === undefined) return undefined;
  const table = await readProcessTable();
  // Every part is a process group of its own, started by the start script: its parent.
  const leader = table.get(media)?.group;
  const start = leader === undefined ? undefined : table.get(leader)?.parent;
  const root = scope === 'media' ? media : start;
  if (root === undefined) return undefined;
  const stats = await Promise.all(processTree(table, root).map((pid) => readProcStat(pid)));
  return stats.reduce((total, stat) => total + (stat ? stat.ticks + stat.reapedTicks : 0), 0);
}

/**
 * Waits until the product's processes (or only media's) together use under a fifth of a core
 * for a second, or `timeoutMs` has passed, so that what one phase left running (derivations
 * finishing, a document still being read) is not measured as the next one's. Resolves with the
 * milliseconds waited.
 */
export async function waitUntilQuiet(
  product: RunningProduct,
  timeoutMs: number,
  scope: 'product' | 'media' = 'product',
): Promise<number> {
  const started = Date.now();
  let before = await productTicks(product, scope);
  while (Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await productTicks(product, scope);
    if (before !== undefined && after !== undefined && after - before < TICKS_PER_SECOND / 5) break;
    before = after;
  }
  return Date.now() - started;
}
