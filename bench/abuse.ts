/**
 * Abuse benchmark (issues 11 and 29): the product started as `npm start` runs it (with secrets
 * of its own, generated for the run, and the derived-image cache bound MEDIA_CACHE_MAX_BYTES,
 * 64 MiB unless set), then attacked the way the probes did, in phases of BENCH_ABUSE_SECONDS
 * (default 20) each, while two visitors keep loading the home page from a thread of their own.
 * Each phase prints, as it ends, the home page's p50/p99 and p99's ratio to idle, the peak
 * resident memory of media and of the worker (its process tree, and its largest PDF reader
 * child) during the phase, and what the attack got back; a summary follows at the end.
 * The phases, each attack next to the baseline it is compared with:
 *   - idle; another member's 3-page upload, timed from upload to ready;
 *   - the inflating PDF (one page whose content stream inflates to 100 MB of text), uploaded
 *     through the web app again and again and straight to media (its pages then requested);
 *   - 50-step transformation chains on a 3000×2000 image, six at a time, next to six loops on
 *     one cached thumbnail;
 *   - four readers looping on the page of a 1,990-page document, next to four on a demo one;
 *   - an anonymous GET flood of 40 rotations of a 4096² noise image (`a_101…a_140,w_1400`, as
 *     PNG, over and over): the growth of media's derived cache on disk next to
 *     MEDIA_CACHE_MAX_BYTES (at w_1400 each file, about 6 MB, is kept under the bench's 64 MiB,
 *     so the flood must evict; the probe's w_2800 files, 23 MB, pass a quarter of it and are
 *     served but never kept);
 *   - a demo document's page images, at widths never asked for before (each a new render) and
 *     at cached ones, p95 of the wait a reader sees (423s asked again every 500 ms, as the image
 *     component does), idle and while four anonymous clients request pages of the 2,000-page
 *     line-art PDF (each page one shared stream of 49,000 segments; 33,000 should media's
 *     operator guard refuse those) at three widths;
 *   - search p50 over six queries and the home page p50, without and with twelve large
 *     documents (about 1 M characters each of generated academic text, half set as books and
 *     half in fine print; real PDFs uploaded through the web app and read by the worker before
 *     the second measurement);
 *   - the one-page PDF of six 7000² images: its page rendered by media (two at a time, at new
 *     widths) while the worker reads it (waited for up to three phases' time), for the memory
 *     of both;
 *   - the 3-page upload again, while the worker reads member A's 2,000-page line-art PDF.
 * Before each phase the bench waits (up to BENCH_ABUSE_SECONDS) for the product to be quiet.
 * Waiting for a document is bounded by BENCH_ABUSE_SECONDS too, except for the preparation of
 * the large documents (up to 10 minutes). A part of the product passing BENCH_ABUSE_KILL_MB
 * (default 6000) of memory has its processes killed (and reported), so a run against an
 * unprotected build cannot take the machine down.
 * Run: `npm run bench -- abuse`.
 */
import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  inflatingPdf,
  largeImagesPdf,
  manyPagePdf,
  sharedLineArtPdf,
} from '@coursepack/hostile-files/hostile-pdfs';
import { createRandom } from '@coursepack/images/create-seeded-random';
import { uploadAsset } from '@coursepack/images/upload-asset';
import { PageSizes, PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { textPdf } from '../apps/worker/src/testing/pdf-fixtures';
import { connectToProductDatabase } from '../e2e/support/product-database';
import { startProduct } from '../e2e/support/start-product';
import { createTextModel } from './search/create-text-model';
import {
  createCourse,
  documentStatus,
  type LatencyFigures,
  type LatencyTarget,
  mb,
  signUp,
  startLatency,
  uploadDocument,
  waitUntilProcessed,
} from './support/measure';
import { type MemoryPeaks, waitUntilQuiet, watchMemory } from './support/product-processes';

const ATTACK_SECONDS = Number(process.env.BENCH_ABUSE_SECONDS ?? 20);
const KILL_MB = Number(process.env.BENCH_ABUSE_KILL_MB ?? 6000);
const CACHE_MAX_BYTES = Number(process.env.MEDIA_CACHE_MAX_BYTES ?? 64 * 1024 * 1024);
const INFLATED_BYTES = 100 * 1024 * 1024;
const CHAIN_STEPS = 50;
const MANY_PAGES = 1990;
const FLOOD_ANGLES = 40;
const LINE_ART = { pages: 2000, segments: 49_000 };
/**
 * The same with fewer segments, should media refuse that one (it once refused content streams
 * of more than 100,000 operators, three a segment). Costly pages that media takes are the attack.
 */
const LINE_ART_UNDER_GUARD = { pages: 2000, segments: 33_000 };
const LARGE_IMAGES = { images: 6, side: 7000 };
const LARGE_DOCUMENTS = 12;
const LARGE_DOCUMENT_CHARS = 1_000_000;
const SEARCHES = 6;
const LARGE_DOCUMENTS_TIMEOUT_MS = 10 * 60_000;
const CLOUD = 'coursepack';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** Bytes of the files under `dir` (0 while it does not exist); files removed meanwhile count 0. */
async function directoryBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        stat(path.join(entry.parentPath, entry.name)).then(
          (file) => file.size,
          () => 0,
        ),
      ),
  );
  return sizes.reduce((total, size) => total + size, 0);
}

/** How the text of a large document is set: characters a line, lines a page, font size. */
interface TextSetting {
  lineChars: number;
  linesPerPage: number;
  size: number;
}
/** A book's page: about 4,000 characters. */
const BOOK_PAGE: TextSetting = { lineChars: 95, linesPerPage: 45, size: 9 };
/**
 * Fine print filling the page: about 90,000 characters, near the most the worker keeps of a
 * page (100,000) and under media's operator guard (each character shown counts; 100,000).
 */
const DENSE_PAGE: TextSetting = { lineChars: 380, linesPerPage: 240, size: 2 };

/**
 * About `chars` characters of generated academic text in `subject` (bench/search's model,
 * trained on the demo catalogue, so the common query words are everywhere in it), as a real
 * PDF set as `setting` says.
 */
async function largeTextPdf(
  model: ReturnType<typeof createTextModel>,
  seed: number,
  subject: string,
  chars: number,
  setting: TextSetting,
): Promise<Uint8Array<ArrayBuffer>> {
  const random = createRandom(seed);
  const lines: string[] = [];
  let line = '';
  let total = 0;
  while (total < chars) {
    for (const word of model.sentence(random, subject, 200).split(' ')) {
      if (line.length + word.length + 1 > setting.lineChars) {
        lines.push(line);
        total += line.length + 1;
        line = word;
      } else {
        line = line ? `${line} ${word}` : word;
      }
    }
  }
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const [width, height] = PageSizes.A4;
  const lineHeight = (height - 40) / setting.linesPerPage;
  for (let start = 0; start < lines.length; start += setting.linesPerPage) {
    pdf
      .addPage([width, height])
      .drawText(lines.slice(start, start + setting.linesPerPage).join('\n'), {
        x: 20,
        y: height - 20 - setting.size,
        size: setting.size,
        lineHeight,
        font,
      });
  }
  return new Uint8Array(await pdf.save());
}

console.log('Generating the files: hostile PDFs, twelve large documents, images…');
const textModel = createTextModel();
const largeSubjects = Array.from(
  { length: LARGE_DOCUMENTS },
  (_, index) => textModel.subjects[index % textModel.subjects.length] as string,
);
const largeDocuments = await Promise.all(
  largeSubjects.map((subject, index) =>
    // Half set as books, half in fine print: the pages search reads whole are the costly part.
    largeTextPdf(
      textModel,
      1000 + index,
      subject,
      LARGE_DOCUMENT_CHARS,
      index % 2 === 0 ? BOOK_PAGE : DENSE_PAGE,
    ),
  ),
);
const queryRandom = createRandom(29);
const searches = Array.from({ length: SEARCHES }, (_, index) =>
  textModel.phrase(queryRandom, largeSubjects[index % LARGE_DOCUMENTS] as string, 1).toLowerCase(),
);
const bomb = await inflatingPdf({ inflatedBytes: INFLATED_BYTES });
let lineArt = await sharedLineArtPdf(LINE_ART);
const largeImages = await largeImagesPdf(LARGE_IMAGES);
/** Member B's document: the same three pages each time, told apart (an upload of the same file again is refused). */
const threePages = (label: string) =>
  textPdf(
    [1, 2, 3].map(
      (page) => `Member B's notes, ${label}, page ${page}\nA few lines of study notes.`,
    ),
  );
const noise = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
const photo = await noise(3000, 2000);
const square = await noise(4096, 4096);

// Secrets of this run's own, as an operator's would be, whether or not the product would
// otherwise generate its own or fall back to published development values.
const secrets = {
  AUTH_SECRET: randomBytes(32).toString('hex'),
  MEDIA_API_KEY: `bench-${randomBytes(8).toString('hex')}`,
  MEDIA_API_SECRET: randomBytes(24).toString('hex'),
};

console.log('Starting the product (npm start on free ports, fresh data)…');
const product = await startProduct({
  ...secrets,
  MEDIA_CACHE_MAX_BYTES: String(CACHE_MAX_BYTES),
});
const memory = watchMemory(product, KILL_MB);
const database = await connectToProductDatabase(product);
try {
  const { baseUrl } = product;
  const home = `${baseUrl}/`;
  const mediaUrl = `http://127.0.0.1:${product.ports.media}`;
  const credentials = {
    apiBaseUrl: mediaUrl,
    cloudName: CLOUD,
    apiKey: secrets.MEDIA_API_KEY,
    apiSecret: secrets.MEDIA_API_SECRET,
  };
  /** A member with a course of their own, signed up through the web app. */
  const member = async (name: string) => {
    const cookie = await signUp(baseUrl, name);
    return { cookie, courseId: await createCourse(baseUrl, cookie, `${name}'s course`) };
  };
  const attacker = await member('Bench Attacker');
  const memberA = await member('Member A');
  const memberB = await member('Member B');
  const librarian = await member('Bench Librarian');
  /** Seconds from the upload of the 3-page PDF by member B until it is ready (or the bound). */
  const timeUpload = async (label: string) => {
    const pdf = await threePages(label);
    const started = Date.now();
    const upload = await uploadDocument(
      baseUrl,
      memberB.cookie,
      memberB.courseId,
      `three-pages-${label}`,
      pdf,
    );
    const status = upload.id
      ? await waitUntilProcessed(baseUrl, memberB.cookie, upload.id, ATTACK_SECONDS * 1000)
      : `upload answered ${upload.status}`;
    return { status, seconds: (Date.now() - started) / 1000 };
  };
  const storeInMedia = (file: Uint8Array, publicId: string) =>
    uploadAsset(credentials, {
      file,
      filename: `${publicId.split('/').pop()}.pdf`,
      publicId,
      resourceType: 'auto',
    }).then(
      (asset) => ({ stored: true as const, version: asset.version, publicId: asset.public_id }),
      (error: unknown) => ({ stored: false as const, reason: String(error) }),
    );

  console.log(`Preparing: a ${MANY_PAGES}-page document, hostile files in media, images…`);
  const many = await uploadDocument(
    baseUrl,
    attacker.cookie,
    attacker.courseId,
    'many-pages',
    await manyPagePdf(MANY_PAGES, 12),
  );
  const manyStatus = many.id
    ? await waitUntilProcessed(baseUrl, attacker.cookie, many.id)
    : 'not stored';
  // Its canonical address (`/documents/{id}-{slug}`): the bare id answers a redirect first.
  const manyUrl = many.id ? (await fetch(`${baseUrl}/documents/${many.id}`)).url : undefined;
  const image = await uploadAsset(credentials, {
    file: new Uint8Array(photo),
    filename: 'photo.jpg',
    publicId: 'bench/abuse-photo',
    resourceType: 'image',
  });
  const floodImage = await uploadAsset(credentials, {
    file: new Uint8Array(square),
    filename: 'square.jpg',
    publicId: 'bench/abuse-square',
    resourceType: 'image',
  });
  const mediaBomb = await storeInMedia(bomb, 'bench/abuse-bomb');
  let mediaLineArt = await storeInMedia(lineArt, 'bench/abuse-line-art');
  let lineArtSegments = LINE_ART.segments;
  if (!mediaLineArt.stored) {
    console.log(
      `  media refused the ${LINE_ART.segments}-segment line-art PDF (${mediaLineArt.reason}): ${LINE_ART_UNDER_GUARD.segments} segments instead, through media and the worker`,
    );
    lineArt = await sharedLineArtPdf(LINE_ART_UNDER_GUARD);
    lineArtSegments = LINE_ART_UNDER_GUARD.segments;
    mediaLineArt = await storeInMedia(lineArt, 'bench/abuse-line-art');
  }
  const mediaLargeImages = await storeInMedia(largeImages, 'bench/abuse-large-images');

  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const demoDocument = /<loc>([^<]*\/documents\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
  const chain = Array.from(
    { length: CHAIN_STEPS },
    (_, step) => `w_${3000 - (step % 2) * 1000 - step},h_${2000 - step},c_scale`,
  ).join('/');

  // A demo document's page images as the reader asks for them (f_auto, q_auto).
  const demoPdf = await database
    .selectFrom('documents')
    .select(['media_asset_id', 'page_count'])
    .where('status', '=', 'ready')
    .where('media_asset_id', 'is not', null)
    .where('page_count', '>=', 3)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const pageImage = (page: number, transformation: string) =>
    `${mediaUrl}/${CLOUD}/image/upload/f_auto,pg_${page},q_auto,${transformation}/${demoPdf.media_asset_id}`;
  const demoPages = [1, 2, 3];
  const cachedPageImages = demoPages.flatMap((page) =>
    ['w_640', 'w_1280'].map((width) => pageImage(page, width)),
  );
  // `{n}` a width never asked for before; dpr makes the three sizes (about 600, 900, 1200 px).
  const freshPageImages = demoPages.flatMap((page) =>
    ['1.0', '1.5', '2.0'].map((dpr) => pageImage(page, `dpr_${dpr},w_{n}`)),
  );
  for (const url of cachedPageImages) {
    for (let tries = 0; tries < 60 && (await statusOf(url)) === 423; tries += 1) await sleep(500);
  }
  const pageImageProbes = (first: number): LatencyTarget[] => [
    {
      urls: freshPageImages,
      visitors: 1,
      numbering: { first, stride: 2 },
      waitWhileLocked: true,
    },
    { urls: cachedPageImages, visitors: 1, waitWhileLocked: true },
  ];
  const searchProbe: LatencyTarget = {
    urls: searches.map((query) => `${baseUrl}/search?q=${encodeURIComponent(query)}`),
    visitors: 1,
  };

  interface Phase {
    label: string;
    home: LatencyFigures;
    probes: LatencyFigures[];
    memory: MemoryPeaks;
    outcome: string;
  }
  const phases: Phase[] = [];
  let idle: Phase | undefined;
  const ratio = (value: number, base: number) => `${(value / Math.max(1, base)).toFixed(2)}×`;
  /**
   * One phase: GET / (and `probes`) measured for ATTACK_SECONDS, or until `attack` is done if
   * it takes longer, while `attack` runs; prints its figures as soon as it ends.
   */
  const phase = async (
    label: string,
    attack: (until: number) => Promise<string>,
    probes: LatencyTarget[] = [],
  ): Promise<Phase> => {
    const waited = await waitUntilQuiet(product, ATTACK_SECONDS * 1000);
    console.log(
      `\n${label}: ${ATTACK_SECONDS} s, GET / measured meanwhile${waited > 1500 ? ` (after ${(waited / 1000).toFixed(0)} s for the product to quieten)` : ''}…`,
    );
    memory.takePhase();
    const until = Date.now() + ATTACK_SECONDS * 1000;
    const measuring = startLatency([{ urls: [home], visitors: 2 }, ...probes]);
    const [outcome] = await Promise.all([attack(until), sleep(ATTACK_SECONDS * 1000)]);
    const [homeFigures, ...probeFigures] = await measuring.stop();
    if (!homeFigures) throw new Error('no latency figures');
    const result = {
      label,
      home: homeFigures,
      probes: probeFigures,
      memory: memory.takePhase(),
      outcome,
    };
    idle ??= result;
    phases.push(result);
    console.log(
      `  GET / p50 ${homeFigures.p50} ms, p99 ${homeFigures.p99} ms (${ratio(homeFigures.p99, idle.home.p99)} idle), ${homeFigures.non2xx} non-2xx; peak memory: media ${mb(result.memory.media)}, worker ${mb(result.memory.worker)} (largest reader ${mb(result.memory.reader)})`,
    );
    console.log(`  ${outcome}`);
    return result;
  };
  const describeLatency = (figures: LatencyFigures | undefined) =>
    figures
      ? `p50 ${figures.p50} ms, p95 ${figures.p95} ms (${figures.requests} requests, ${figures.non2xx} non-2xx)`
      : 'not measured';

  await phase('idle', async () => 'nothing');
  let uploadIdle = { status: 'not measured', seconds: 0 };
  await phase("member B's 3-page upload (baseline)", async () => {
    uploadIdle = await timeUpload('idle');
    return `3-page upload to ${uploadIdle.status}: ${uploadIdle.seconds.toFixed(1)} s`;
  });

  await phase('inflating PDF uploads', async (until) => {
    const web = await loop(1, until, async () => {
      const result = await uploadDocument(
        baseUrl,
        attacker.cookie,
        attacker.courseId,
        'inflating',
        bomb,
      );
      if (result.id) {
        await waitUntilProcessed(
          baseUrl,
          attacker.cookie,
          result.id,
          Math.max(1000, until - Date.now()),
        );
      }
      return result.status;
    });
    return `web uploads ${describeStatuses(web)}; ${
      mediaBomb.stored
        ? `media thumbnails ${describeStatuses(
            await loop(2, until, (index) =>
              statusOf(
                `${mediaUrl}/${CLOUD}/image/upload/w_${200 + index},pg_1,f_jpg/v${mediaBomb.version}/${mediaBomb.publicId}.jpg`,
              ),
            ),
          )}`
        : `media refused it at upload (${mediaBomb.reason})`
    }`;
  });
  await phase(`six ${CHAIN_STEPS}-step chains at a time`, async (until) =>
    describeStatuses(
      await loop(6, until, (index) =>
        statusOf(
          `${mediaUrl}/${CLOUD}/image/upload/${chain}/w_${100 + index}/v${image.version}/${image.public_id}.jpg`,
        ),
      ),
    ),
  );
  await phase('six loops on one cached thumbnail (baseline)', async (until) =>
    describeStatuses(
      await loop(6, until, () =>
        statusOf(
          `${mediaUrl}/${CLOUD}/image/upload/w_100/v${image.version}/${image.public_id}.jpg`,
        ),
      ),
    ),
  );
  await phase(`four readers looping on the ${MANY_PAGES}-page document`, async (until) => {
    if (!manyUrl) return 'no document';
    const statuses = describeStatuses(await loop(4, until, () => statusOf(manyUrl)));
    const bytes = (await (await fetch(manyUrl)).arrayBuffer()).byteLength;
    return `${statuses}; the document ${manyStatus}, its HTML ${(bytes / 1024).toFixed(0)} KB`;
  });
  await phase('four readers looping on a demo document (baseline)', async (until) =>
    demoDocument
      ? describeStatuses(await loop(4, until, () => statusOf(demoDocument)))
      : 'no demo document',
  );

  const searchIdle = await phase(
    'search (baseline)',
    async () => `six searches: ${searches.map((query) => `"${query}"`).join(', ')}`,
    [searchProbe],
  );
  console.log(`  search ${describeLatency(searchIdle.probes[0])}`);
  console.log(
    `\nUploading ${LARGE_DOCUMENTS} large documents (${mb(largeDocuments.reduce((total, pdf) => total + pdf.byteLength, 0))} of PDF) through the web app, waiting for the worker…`,
  );
  const largeStarted = Date.now();
  const largeIds: number[] = [];
  for (const [index, pdf] of largeDocuments.entries()) {
    const upload = await uploadDocument(
      baseUrl,
      librarian.cookie,
      librarian.courseId,
      `large-${index + 1}`,
      pdf,
    );
    if (upload.id) largeIds.push(upload.id);
    else console.log(`  large document ${index + 1}: upload answered ${upload.status}`);
  }
  const largeStatuses = await Promise.all(
    largeIds.map((id) =>
      waitUntilProcessed(
        baseUrl,
        librarian.cookie,
        id,
        LARGE_DOCUMENTS_TIMEOUT_MS - (Date.now() - largeStarted),
      ),
    ),
  );
  const largeReady = largeStatuses.filter((status) => status === 'ready').length;
  const pageRows = await database
    .selectFrom('document_pages')
    .select((eb) => [
      eb.fn.countAll<number>().as('pages'),
      eb.fn.sum<number>(eb.fn('length', ['body'])).as('chars'),
    ])
    .where('document_id', 'in', largeIds.length > 0 ? largeIds : [0])
    .executeTakeFirst();
  console.log(
    `  ${largeReady} of ${LARGE_DOCUMENTS} ready in ${((Date.now() - largeStarted) / 1000).toFixed(0)} s: ${pageRows?.pages ?? 0} pages, ${(Number(pageRows?.chars ?? 0) / 1e6).toFixed(1)} M characters stored`,
  );
  const searchBusy = await phase(
    `search with ${LARGE_DOCUMENTS} large documents`,
    async () => `${largeReady} large documents ready`,
    [searchProbe],
  );
  console.log(
    `  search ${describeLatency(searchBusy.probes[0])}, p50 ${ratio(searchBusy.probes[0]?.p50 ?? 0, searchIdle.probes[0]?.p50 ?? 0)} without; home p50 ${searchBusy.home.p50} ms (${searchIdle.home.p50} ms without)`,
  );

  const derivedDir = path.join(product.dataDir, 'media', 'derived');
  const cache = { before: 0, peak: 0, after: 0 };
  await phase(`GET flood: ${FLOOD_ANGLES} rotations of a 4096² image`, async (until) => {
    cache.before = await directoryBytes(derivedDir);
    let flooding = true;
    const sampling = (async () => {
      while (flooding) {
        cache.peak = Math.max(cache.peak, await directoryBytes(derivedDir));
        await sleep(500);
      }
    })();
    const statuses = await loop(4, until, (index) =>
      statusOf(
        `${mediaUrl}/${CLOUD}/image/upload/a_${101 + (index % FLOOD_ANGLES)},w_1400/v${floodImage.version}/${floodImage.public_id}.png`,
      ),
    );
    // Derivations answered 423 go on after the answer: their files count too.
    await waitUntilQuiet(product, ATTACK_SECONDS * 1000, 'media');
    flooding = false;
    await sampling;
    cache.after = await directoryBytes(derivedDir);
    cache.peak = Math.max(cache.peak, cache.after);
    return `${describeStatuses(statuses)}; media/derived ${mb(cache.before)} before, ${mb(cache.peak)} at most, ${mb(cache.after)} after (MEDIA_CACHE_MAX_BYTES ${mb(CACHE_MAX_BYTES)})`;
  });

  const pagesIdle = await phase(
    'demo page images (baseline)',
    async () =>
      `a demo document's pages 1–3: at new widths, then cached (f_auto, q_auto; 423s asked again every 500 ms)`,
    pageImageProbes(600),
  );
  console.log(`  new widths ${describeLatency(pagesIdle.probes[0])}`);
  console.log(`  cached     ${describeLatency(pagesIdle.probes[1])}`);
  const pagesBusy = await phase(
    'demo page images, line-art PDF requested',
    async (until) =>
      mediaLineArt.stored
        ? `four clients on pages of the ${LINE_ART.pages}-page line-art PDF (${lineArtSegments} segments) at three widths: ${describeStatuses(
            await loop(4, until, (index) =>
              statusOf(
                `${mediaUrl}/${CLOUD}/image/upload/f_jpg,pg_${1 + ((index * 7919) % LINE_ART.pages)},w_${[400, 800, 1200][index % 3]}/v${mediaLineArt.version}/${mediaLineArt.publicId}.jpg`,
              ),
            ),
          )}`
        : `media refused it at upload (${mediaLineArt.reason})`,
    pageImageProbes(601),
  );
  console.log(
    `  new widths ${describeLatency(pagesBusy.probes[0])}, p95 ${ratio(pagesBusy.probes[0]?.p95 ?? 0, pagesIdle.probes[0]?.p95 ?? 0)} idle`,
  );
  console.log(
    `  cached     ${describeLatency(pagesBusy.probes[1])}, p95 ${ratio(pagesBusy.probes[1]?.p95 ?? 0, pagesIdle.probes[1]?.p95 ?? 0)} idle`,
  );

  const imagesPhase = await phase(
    `page of ${LARGE_IMAGES.images} ${LARGE_IMAGES.side}² images in media and the worker`,
    async (until) => {
      // Both at once, as the probe had them: the web upload waits for media's own upload check.
      const [renders, status] = await Promise.all([
        mediaLargeImages.stored
          ? loop(2, until, (index) =>
              statusOf(
                `${mediaUrl}/${CLOUD}/image/upload/f_jpg,pg_1,w_${800 + index}/v${mediaLargeImages.version}/${mediaLargeImages.publicId}.jpg`,
              ),
            ).then((statuses) => `media renders ${describeStatuses(statuses)}`)
          : `media refused it at upload (${mediaLargeImages.reason})`,
        uploadDocument(baseUrl, memberA.cookie, memberA.courseId, 'large-images', largeImages).then(
          (upload) =>
            // The worker's reading is what is measured here, and the next phase needs the
            // queue empty: up to three phases' time.
            upload.id
              ? waitUntilProcessed(baseUrl, memberA.cookie, upload.id, 3 * ATTACK_SECONDS * 1000)
              : `upload answered ${upload.status}`,
        ),
      ]);
      return `${renders}; the worker: ${status}`;
    },
  );

  let uploadBusy = { status: 'not measured', seconds: 0 };
  const lineArtPhase = await phase(
    "member B's 3-page upload, line-art PDF in the worker",
    async () => {
      const upload = await uploadDocument(
        baseUrl,
        memberA.cookie,
        memberA.courseId,
        'line-art',
        lineArt,
      );
      // Member A's document first, as an attacker would have it: in the queue before B's.
      await sleep(1000);
      uploadBusy = await timeUpload('under attack');
      const status = upload.id
        ? await documentStatus(baseUrl, memberA.cookie, upload.id)
        : `upload answered ${upload.status}`;
      return `member A's ${LINE_ART.pages}-page line-art PDF (${lineArtSegments} segments) queued first; member B's 3-page upload to ${uploadBusy.status}: ${uploadBusy.seconds.toFixed(1)} s (${uploadIdle.seconds.toFixed(1)} s idle); the line-art PDF: ${status}`;
    },
  );
  await memory.stop();

  console.log(
    '\nGET / (2 visitors)                                       requests   p50 ms   p99 ms   non-2xx   p99 / idle',
  );
  for (const { label, home: figures } of phases) {
    console.log(
      `  ${label.padEnd(54)} ${String(figures.requests).padStart(8)} ${String(figures.p50).padStart(8)} ${String(figures.p99).padStart(8)} ${String(figures.non2xx).padStart(9)} ${ratio(figures.p99, idle?.home.p99 ?? 0).padStart(12)}`,
    );
  }
  console.log('  (goal: p99 during an attack within 1.5× idle)');

  console.log(
    '\nPeak resident memory per phase                              media    worker   reader',
  );
  for (const { label, memory: peaks } of phases) {
    console.log(
      `  ${label.padEnd(54)} ${mb(peaks.media).padStart(7)} ${mb(peaks.worker).padStart(8)} ${mb(peaks.reader).padStart(8)}`,
    );
  }
  console.log('\nPeak resident memory over the run (goal < 1 GB each)');
  for (const part of ['web', 'media', 'collector', 'worker', 'reader'] as const) {
    const note = memory.killed.has(part) ? ` — killed past ${KILL_MB} MB` : '';
    console.log(`  ${part.padEnd(10)} ${mb(memory.overall[part]).padStart(8)}${note}`);
  }

  const row = (what: string, base: string, under: string, change: string, goal: string) =>
    console.log(
      `  ${what.padEnd(50)} ${base.padStart(12)} ${under.padStart(12)} ${change.padStart(9)}   ${goal}`,
    );
  console.log(
    "\nIssue 29's figures, next to idle                          idle/base  under attack    ratio   goal",
  );
  row(
    `media peak memory (page of ${LARGE_IMAGES.images} ${LARGE_IMAGES.side}² images)`,
    mb(idle?.memory.media ?? 0),
    mb(imagesPhase.memory.media),
    '',
    '< 1 GB',
  );
  row(
    'worker peak memory (same page; its tree)',
    mb(idle?.memory.worker ?? 0),
    mb(imagesPhase.memory.worker),
    '',
    '< 1 GB',
  );
  row(
    'worker peak memory (line-art PDF; its tree)',
    mb(idle?.memory.worker ?? 0),
    mb(lineArtPhase.memory.worker),
    '',
    '< 1 GB',
  );
  row(
    `media/derived under the GET flood (cap ${mb(CACHE_MAX_BYTES)})`,
    mb(cache.before),
    mb(cache.peak),
    `+${mb(cache.peak - cache.before)}`,
    '≤ the cap',
  );
  row(
    'demo page images at new widths, p95',
    `${pagesIdle.probes[0]?.p95 ?? 0} ms`,
    `${pagesBusy.probes[0]?.p95 ?? 0} ms`,
    ratio(pagesBusy.probes[0]?.p95 ?? 0, pagesIdle.probes[0]?.p95 ?? 0),
    '≤ 2×',
  );
  row(
    'demo page images cached, p95',
    `${pagesIdle.probes[1]?.p95 ?? 0} ms`,
    `${pagesBusy.probes[1]?.p95 ?? 0} ms`,
    ratio(pagesBusy.probes[1]?.p95 ?? 0, pagesIdle.probes[1]?.p95 ?? 0),
    '≤ 2×',
  );
  // Not ready at the bound: the wait was longer than the phase, which is all that is known.
  const unfinished = uploadBusy.status === 'ready' ? '' : '> ';
  row(
    "another member's 3-page upload to ready",
    `${uploadIdle.seconds.toFixed(1)} s`,
    `${unfinished}${uploadBusy.seconds.toFixed(1)} s`,
    `${unfinished}${ratio(uploadBusy.seconds * 1000, uploadIdle.seconds * 1000)}`,
    unfinished ? `(${uploadBusy.status} at the bound)` : '',
  );
  row(
    `search p50 (${LARGE_DOCUMENTS} large documents)`,
    `${searchIdle.probes[0]?.p50 ?? 0} ms`,
    `${searchBusy.probes[0]?.p50 ?? 0} ms`,
    ratio(searchBusy.probes[0]?.p50 ?? 0, searchIdle.probes[0]?.p50 ?? 0),
    '≤ 1.5×',
  );
  row(
    'home page p50 (same)',
    `${searchIdle.home.p50} ms`,
    `${searchBusy.home.p50} ms`,
    ratio(searchBusy.home.p50, searchIdle.home.p50),
    '',
  );
} finally {
  await memory.stop();
  await database.destroy();
  await product.stop();
}
