/**
 * Abuse benchmark (issue 11): the product started as `npm start` runs it, then attacked the way
 * the probe did, one attack at a time for BENCH_ABUSE_SECONDS (default 20) each, while two
 * visitors keep loading the home page from a thread of their own. Prints:
 *   - the home page's latency (p50, p99) idle and during each attack, and p99's ratio to idle;
 *   - the peak resident memory of each service (web, media, collector) over the whole run;
 *   - what each attack got back.
 * The attacks:
 *   - the inflating PDF (one page whose content stream inflates to 100 MB of text), uploaded
 *     through the web app again and again (text extraction) and straight to media (its page
 *     thumbnails then requested anonymously, should media store it);
 *   - 50-step transformation chains on a 3000×2000 image, six at a time, next to six loops on
 *     one cached thumbnail: the baseline of what any such flood of cheap answers costs;
 *   - four readers looping on the page of a 1,990-page document, next to four readers looping
 *     on a demo document: the baseline of what any four looping readers cost this machine.
 * A service passing BENCH_ABUSE_KILL_MB (default 6000) of memory is killed (and reported), so a
 * run against an unprotected build cannot take the machine down.
 * Run: `npm run bench -- abuse`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { inflatingPdf, manyPagePdf } from '@coursepack/hostile-files/hostile-pdfs';
import { uploadAsset } from '@coursepack/images/upload-asset';
import sharp from 'sharp';
import { findListeningPid } from '../e2e/support/find-listening-pid';
import { type RunningProduct, startProduct } from '../e2e/support/start-product';

const ATTACK_SECONDS = Number(process.env.BENCH_ABUSE_SECONDS ?? 20);
const KILL_MB = Number(process.env.BENCH_ABUSE_KILL_MB ?? 6000);
const INFLATED_BYTES = 100 * 1024 * 1024;
const CHAIN_STEPS = 50;
const MANY_PAGES = 1990;
// Development credentials of the media service (apps/media/src/config.ts): `npm start`'s default.
const MEDIA_API_KEY = 'coursepack-dev-key';
const MEDIA_API_SECRET = 'coursepack-dev-secret';
const CLOUD = 'coursepack';

type Service = 'web' | 'media' | 'collector';

interface LatencyFigures {
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** Resident memory of a process and all its descendants, in bytes. */
async function treeRss(rootPid: number): Promise<number> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The command may hold spaces and parentheses: fields start after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
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

/** Samples every service's memory until stopped; kills one passing KILL_MB. */
function watchMemory(product: RunningProduct) {
  const peaks: Record<Service, number> = { web: 0, media: 0, collector: 0 };
  const killed = new Set<Service>();
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const service of Object.keys(peaks) as Service[]) {
        const pid = await findListeningPid(product.ports[service]);
        if (pid === undefined) continue;
        const rss = await treeRss(pid);
        peaks[service] = Math.max(peaks[service], rss);
        if (rss > KILL_MB * 1024 * 1024) {
          killed.add(service);
          process.kill(pid, 'SIGKILL');
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    peaks,
    killed,
    async stop() {
      running = false;
      await loop;
    },
  };
}

// Runs in a worker thread: the attack loops of this process must not delay the measurement.
const MEASURE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, seconds } = workerData;
const until = Date.now() + seconds * 1000;
const latencies = [];
let non2xx = 0;
async function visitor() {
  while (Date.now() < until) {
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(60000) });
      await response.arrayBuffer();
      status = response.status;
    } catch {}
    latencies.push(performance.now() - started);
    if (status < 200 || status > 299) non2xx += 1;
  }
}
Promise.all([visitor(), visitor()]).then(() => parentPort.postMessage({ latencies, non2xx }));
`;

/**
 * Two visitors loading `url` back to back for `seconds`, from a thread of their own. Every
 * request counts, the slow ones still in flight at the end included (a load tool's timeout
 * would hide exactly those).
 */
async function measureHome(url: string, seconds: number): Promise<LatencyFigures> {
  const worker = new Worker(MEASURE_SOURCE, { eval: true, workerData: { url, seconds } });
  const { latencies, non2xx } = await new Promise<{ latencies: number[]; non2xx: number }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  await worker.terminate();
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0);
  return { requests: latencies.length, p50: at(0.5), p99: at(0.99), non2xx };
}

/** A member's session cookie, from a real sign-up through better-auth. */
async function signUp(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      name: 'Bench Attacker',
      email: `attacker-${Date.now()}@example.org`,
      password: 'a-long-enough-password',
    }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function createCourse(baseUrl: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/courses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({
      title: 'Abuse bench',
      subject: 'mathematics',
      institution: 'northbridge-university',
    }),
  });
  const body = (await response.json()) as { course?: { id: number } };
  if (!body.course) throw new Error(`creating a course answered ${response.status}`);
  return body.course.id;
}

/** Uploads a PDF through the web app; resolves with the status and the document's path if any. */
async function uploadDocument(
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

async function waitUntilProcessed(baseUrl: string, cookie: string, id: number): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const response = await fetch(`${baseUrl}/api/documents/${id}/status`, { headers: { cookie } });
    const { status } = (await response.json()) as { status: string };
    if (status !== 'processing') return status;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return 'still processing';
}

/** Runs `request` in `workers` loops until `until`, counting answers by status. */
async function loop(
  workers: number,
  until: number,
  request: (index: number) => Promise<number>,
): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let index = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        const status = await request(index++).catch(() => 0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

async function statusOf(url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  await response.arrayBuffer();
  return response.status;
}

const describeStatuses = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count}× ${status === 0 ? 'no answer' : status}`)
    .join(', ');

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

console.log('Starting the product (npm start on free ports, fresh data)…');
const product = await startProduct();
const memory = watchMemory(product);
try {
  const { baseUrl } = product;
  const mediaUrl = `http://127.0.0.1:${product.ports.media}`;
  const credentials = {
    apiBaseUrl: mediaUrl,
    cloudName: CLOUD,
    apiKey: MEDIA_API_KEY,
    apiSecret: MEDIA_API_SECRET,
  };
  const cookie = await signUp(baseUrl);
  const courseId = await createCourse(baseUrl, cookie);

  console.log(`Preparing: a ${MANY_PAGES}-page document, a 100 MB-inflating PDF, a large image…`);
  const many = await uploadDocument(
    baseUrl,
    cookie,
    courseId,
    'many-pages',
    await manyPagePdf(MANY_PAGES, 12),
  );
  const manyStatus = many.id ? await waitUntilProcessed(baseUrl, cookie, many.id) : 'not stored';
  // Its canonical address (`/documents/{id}-{slug}`): the bare id answers a redirect first.
  const manyUrl = many.id ? (await fetch(`${baseUrl}/documents/${many.id}`)).url : undefined;
  const bomb = await inflatingPdf({ inflatedBytes: INFLATED_BYTES });
  const photo = await sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  const image = await uploadAsset(credentials, {
    file: new Uint8Array(photo),
    filename: 'photo.jpg',
    publicId: 'bench/abuse-photo',
    resourceType: 'image',
  });
  const mediaBomb = await uploadAsset(credentials, {
    file: bomb,
    filename: 'bomb.pdf',
    publicId: 'bench/abuse-bomb',
    resourceType: 'auto',
  }).then(
    (asset) => ({ stored: true as const, version: asset.version }),
    (error: unknown) => ({ stored: false as const, reason: String(error) }),
  );

  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const demoDocument = /<loc>([^<]*\/documents\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
  const chain = Array.from(
    { length: CHAIN_STEPS },
    (_, step) => `w_${3000 - (step % 2) * 1000 - step},h_${2000 - step},c_scale`,
  ).join('/');

  /** GET / measured for ATTACK_SECONDS while `attack` runs until the same deadline. */
  const during = async <T>(label: string, attack: (until: number) => Promise<T>) => {
    console.log(`${label}: ${ATTACK_SECONDS} s, GET / measured meanwhile…`);
    const until = Date.now() + ATTACK_SECONDS * 1000;
    const [figures, outcome] = await Promise.all([
      measureHome(baseUrl, ATTACK_SECONDS),
      attack(until),
    ]);
    return { label, figures, outcome };
  };
  const idle = await during('idle', async () => 'nothing');
  const phases = [
    await during('inflating PDF uploads', async (until) => {
      const web = await loop(1, until, async () => {
        const result = await uploadDocument(baseUrl, cookie, courseId, 'inflating', bomb);
        if (result.id) await waitUntilProcessed(baseUrl, cookie, result.id);
        return result.status;
      });
      return `web uploads ${describeStatuses(web)}; ${
        mediaBomb.stored
          ? `media thumbnails ${describeStatuses(
              await loop(2, until, (index) =>
                statusOf(
                  `${mediaUrl}/${CLOUD}/image/upload/w_${200 + index},pg_1,f_jpg/v${mediaBomb.version}/bench/abuse-bomb.jpg`,
                ),
              ),
            )}`
          : `media refused it at upload (${mediaBomb.reason})`
      }`;
    }),
    await during(`six ${CHAIN_STEPS}-step chains at a time`, async (until) =>
      describeStatuses(
        await loop(6, until, (index) =>
          statusOf(
            `${mediaUrl}/${CLOUD}/image/upload/${chain}/w_${100 + index}/v${image.version}/${image.public_id}.jpg`,
          ),
        ),
      ),
    ),
    await during('six loops on one cached thumbnail (baseline)', async (until) =>
      describeStatuses(
        await loop(6, until, () =>
          statusOf(
            `${mediaUrl}/${CLOUD}/image/upload/w_100/v${image.version}/${image.public_id}.jpg`,
          ),
        ),
      ),
    ),
    await during(`four readers looping on the ${MANY_PAGES}-page document`, async (until) =>
      manyUrl ? describeStatuses(await loop(4, until, () => statusOf(manyUrl))) : 'no document',
    ),
    await during('four readers looping on a demo document (baseline)', async (until) =>
      demoDocument
        ? describeStatuses(await loop(4, until, () => statusOf(demoDocument)))
        : 'no demo document',
    ),
  ];
  const manyPageBytes = manyUrl ? (await (await fetch(manyUrl)).arrayBuffer()).byteLength : 0;
  await memory.stop();

  console.log(
    '\nGET / (2 visitors)                                       requests   p50 ms   p99 ms   non-2xx   p99 / idle',
  );
  for (const { label, figures } of [idle, ...phases]) {
    console.log(
      `  ${label.padEnd(54)} ${String(figures.requests).padStart(8)} ${String(figures.p50).padStart(8)} ${String(figures.p99).padStart(8)} ${String(figures.non2xx).padStart(9)} ${`${(figures.p99 / Math.max(1, idle.figures.p99)).toFixed(2)}×`.padStart(12)}`,
    );
  }
  console.log('  (goal: p99 during an attack within 1.5× idle)');
  console.log('\nPeak resident memory over the run (goal < 1 GB each)');
  for (const service of ['web', 'media', 'collector'] as const) {
    const note = memory.killed.has(service) ? ` — killed past ${KILL_MB} MB` : '';
    console.log(`  ${service.padEnd(10)} ${mb(memory.peaks[service]).padStart(8)}${note}`);
  }
  console.log('\nWhat the attacks got back');
  console.log(
    `  ${MANY_PAGES}-page document: ${manyStatus}, its HTML ${(manyPageBytes / 1024).toFixed(0)} KB`,
  );
  for (const { label, outcome } of phases) console.log(`  ${label}: ${outcome}`);
} finally {
  await memory.stop();
  await product.stop();
}
