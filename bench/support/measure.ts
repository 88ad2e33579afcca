/** Pieces the product benchmarks share: page latency from a thread of its own, memory, uploads. */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { readProcStat } from './proc-stat';

export interface LatencyFigures {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
}

/** Every process on the machine: its parent and group, read from /proc at one moment. */
export async function readProcessTable(): Promise<Map<number, { parent: number; group: number }>> {
  const table = new Map<number, { parent: number; group: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readProcStat(entry);
    if (stat) table.set(Number(entry), { parent: stat.parent, group: stat.group });
  }
  return table;
}

/** `rootPid` and all its descendants in `table`. */
export function processTree(table: Map<number, { parent: number }>, rootPid: number): number[] {
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at; at = table.get(at)?.parent)
      if (at === rootPid) return true;
    return false;
  };
  return [...table.keys()].filter(inTree);
}

/** Resident memory of one process in bytes; 0 once it is gone. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Resident memory of a process and all its descendants, in bytes. */
export async function treeRss(rootPid: number): Promise<number> {
  const sizes = await Promise.all(
    processTree(await readProcessTable(), rootPid).map((pid) => residentBytes(pid)),
  );
  return sizes.reduce((total, size) => total + size, 0);
}

/** What one measuring thread requests, and how (`startLatency`). */
export interface LatencyTarget {
  /** Each visitor requests these in turn, back to back. */
  urls: readonly string[];
  visitors: number;
  /**
   * Replaces `{n}` in the URLs with `first`, `first + stride`, … one number per round through
   * the list: with `stride` 2, runs starting at 0 and at 1 never ask for the same URL, so a
   * width of `w_{n}` is one the media service has never derived (and costs about the same).
   */
  numbering?: { first: number; stride: number };
  /**
   * Asks again every 500 ms while the answer is 423 (the media service still deriving), up to
   * 30 s, as the image component of the web app does: the time is the reader's wait for the image.
   */
  waitWhileLocked?: boolean;
}

// Runs in a worker thread: the loops of the benchmark's own thread must not delay the measurement.
const MEASURE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { targets } = workerData;
let running = true;
parentPort.once('message', () => { running = false; });
const latencies = targets.map(() => []);
const non2xx = targets.map(() => 0);
const next = targets.map(() => 0);
async function answer(url, waitWhileLocked, started) {
  for (;;) {
    let status = 0;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(60000) });
      await response.arrayBuffer();
      status = response.status;
    } catch {}
    if (status !== 423 || !waitWhileLocked || performance.now() - started > 30000 || !running)
      return status;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
async function visitor(index) {
  const { urls, numbering, waitWhileLocked } = targets[index];
  while (running) {
    const request = next[index]++;
    const round = Math.floor(request / urls.length);
    const number = numbering ? numbering.first + round * numbering.stride : round;
    const url = urls[request % urls.length].replaceAll('{n}', String(number));
    const started = performance.now();
    const status = await answer(url, waitWhileLocked, started);
    latencies[index].push(performance.now() - started);
    if (status < 200 || status > 299) non2xx[index] += 1;
  }
}
Promise.all(targets.flatMap((target, index) => Array.from({ length: target.visitors }, () => visitor(index))))
  .then(() => parentPort.postMessage({ latencies, non2xx }));
`;

/**
 * Visitors loading each target back to back (a URL alone: `visitors` of them), from a thread
 * of their own, until `stop()`, which gives each target's figures. Every request counts, the
 * slow ones still in flight at the stop included (a load tool's timeout would hide exactly those).
 */
export function startLatency(targets: readonly (string | LatencyTarget)[], visitors = 1) {
  const worker = new Worker(MEASURE_SOURCE, {
    eval: true,
    workerData: {
      targets: targets.map((target) =>
        typeof target === 'string' ? { urls: [target], visitors } : target,
      ),
    },
  });
  const result = new Promise<{ latencies: number[][]; non2xx: number[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop(): Promise<LatencyFigures[]> {
      worker.postMessage('stop');
      const { latencies, non2xx } = await result;
      await worker.terminate();
      return latencies.map((list, index) => {
        list.sort((a, b) => a - b);
        const at = (p: number) =>
          Math.round(list[Math.min(list.length - 1, Math.floor(p * list.length))] ?? 0);
        return {
          requests: list.length,
          p50: at(0.5),
          p95: at(0.95),
          p99: at(0.99),
          non2xx: non2xx[index] ?? 0,
        };
      });
    },
  };
}

/** `visitors` visitors loading `url` back to back for `seconds`. */
export async function measureLatency(
  url: string,
  seconds: number,
  visitors = 2,
): Promise<LatencyFigures> {
  const measuring = startLatency([url], visitors);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const [figures] = await measuring.stop();
  if (!figures) throw new Error('no latency figures');
  return figures;
}

/** A member's session cookie, from a real sign-up through better-auth. */
export async function signUp(baseUrl: string, name: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      name,
      email: `bench-${randomUUID()}@example.org`,
      password: 'a-long-enough-password',
    }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export async function createCourse(
  baseUrl: string,
  cookie: string,
  title: string,
): Promise<number> {
  const response = await fetch(`${baseUrl}/api/courses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ title, subject: 'mathematics', institution: 'northbridge-university' }),
  });
  const body = (await response.json()) as { course?: { id: number } };
  if (!body.course) throw new Error(`creating a course answered ${response.status}`);
  return body.course.id;
}

/** Uploads a PDF through the web app; resolves with the status and the document's id if any. */
export async function uploadDocument(
  baseUrl: string,
  cookie: string,
  courseId: number,
  title: string,
  pdf: Uint8Array<ArrayBuffer>,
): Promise<{ status: number; id?: number }> {
  const form = new FormData();
  form.set('courseId', String(courseId));
  form.set('title', title);
  form.set('kind', 'notes');
  form.set('file', new Blob([pdf], { type: 'application/pdf' }), `${title}.pdf`);
  const response = await fetch(`${baseUrl}/api/documents`, {
    method: 'POST',
    headers: { origin: baseUrl, cookie },
    body: form,
  });
  const body = (await response.json().catch(() => ({}))) as { document?: { id: number } };
  return { status: response.status, id: body.document?.id };
}

/** A document's processing status: 'processing', 'ready' or 'failed'. */
export async function documentStatus(baseUrl: string, cookie: string, id: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/documents/${id}/status`, { headers: { cookie } });
  return ((await response.json()) as { status: string }).status;
}

/** Polls a document's status until it is no longer 'processing' or `timeoutMs` has passed. */
export async function waitUntilProcessed(
  baseUrl: string,
  cookie: string,
  id: number,
  timeoutMs = 300_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await documentStatus(baseUrl, cookie, id);
    if (status !== 'processing') return status;
    if (Date.now() >= deadline) return 'still processing';
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
