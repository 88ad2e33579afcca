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
import { inflatingPdf, manyPagePdf } from '@coursepack/hostile-files/hostile-pdfs';
import { uploadAsset } from '@coursepack/images/upload-asset';
import sharp from 'sharp';
import { findListeningPid } from '../e2e/support/find-listening-pid';
import { type RunningProduct, startProduct } from '../e2e/support/start-product';
import {
  createCourse,
  mb,
  measureLatency,
  signUp,
  treeRss,
  uploadDocument,
  waitUntilProcessed,
} from './support/measure';

const ATTACK_SECONDS = Number(process.env.BENCH_ABUSE_SECONDS ?? 20);
const KILL_MB = Number(process.env.BENCH_ABUSE_KILL_MB ?? 6000);
const INFLATED_BYTES = 100 * 1024 * 1024;
const CHAIN_STEPS = 50;
const MANY_PAGES = 1990;
const CLOUD = 'coursepack';

type Service = 'web' | 'media' | 'collector';

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

console.log('Starting the product (npm start on free ports, fresh data)…');
const product = await startProduct();
const memory = watchMemory(product);
try {
  const { baseUrl } = product;
  const mediaUrl = `http://127.0.0.1:${product.ports.media}`;
  const credentials = {
    apiBaseUrl: mediaUrl,
    cloudName: CLOUD,
    // The credentials `npm start` generated for this installation.
    apiKey: product.secrets.MEDIA_API_KEY,
    apiSecret: product.secrets.MEDIA_API_SECRET,
  };
  const cookie = await signUp(baseUrl, 'Bench Attacker');
  const courseId = await createCourse(baseUrl, cookie, 'Abuse bench');

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
      measureLatency(baseUrl, ATTACK_SECONDS),
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
