/** Pieces the product benchmarks share: page latency from a thread of its own, memory, uploads. */
import { readdir, readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { readProcStat } from './proc-stat';

export interface LatencyFigures {
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** Resident memory of a process and all its descendants, in bytes. */
export async function treeRss(rootPid: number): Promise<number> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = (await readProcStat(entry))?.parent;
    if (ppid) parents.set(Number(entry), ppid);
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at; at = parents.get(at))
      if (at === rootPid) return true;
    return false;
  };
  let total = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  }
  return total;
}

// Runs in a worker thread: the loops of the benchmark's own thread must not delay the measurement.
const MEASURE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, visitors } = workerData;
let running = true;
parentPort.once('message', () => { running = false; });
const latencies = urls.map(() => []);
const non2xx = urls.map(() => 0);
async function visitor(index) {
  while (running) {
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(urls[index], { signal: AbortSignal.timeout(60000) });
      await response.arrayBuffer();
      status = response.status;
    } catch {}
    latencies[index].push(performance.now() - started);
    if (status < 200 || status > 299) non2xx[index] += 1;
  }
}
Promise.all(urls.flatMap((_, index) => Array.from({ length: visitors }, () => visitor(index))))
  .then(() => parentPort.postMessage({ latencies, non2xx }));
`;

/**
 * `visitors` visitors per URL loading it back to back, from a thread of their own, until
 * `stop()`. Every request counts, the slow ones still in flight at the stop included (a load
 * tool's timeout would hide exactly those).
 */
export function startLatency(urls: string[], visitors: number) {
  const worker = new Worker(MEASURE_SOURCE, { eval: true, workerData: { urls, visitors } });
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
        return { requests: list.length, p50: at(0.5), p99: at(0.99), non2xx: non2xx[index] ?? 0 };
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
      email: `bench-${Date.now()}@example.org`,
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

export async function waitUntilProcessed(
  baseUrl: string,
  cookie: string,
  id: number,
): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const status = await documentStatus(baseUrl, cookie, id);
    if (status !== 'processing') return status;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return 'still processing';
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
