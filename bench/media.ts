/**
 * Media delivery benchmark: a 3000×2000 JPEG to a 640-wide WebP (`w_640,f_auto` with an
 * Accept that allows WebP), measured in one run for
 *   - a bare sharp loop (the machine's limit for this work),
 *   - our media service (apps/media, its own process, as `npm start` runs it),
 *   - Next.js's `/_next/image` (bench/fixtures/next-image, built on demand with the installed
 *     `next`), configured to encode the same quality.
 * Cold = every request is a new derivation; cached = one URL hit repeatedly, next to a bare
 * node:http server answering the same bytes from memory (the ceiling for any server here), in
 * its own process like the service. Each effect, style and layer (issue 15) gets its own cold
 * figure next to bare sharp doing the same operation on the same resize. The service and what
 * it is held against (bare sharp, bare node:http) are measured in alternating rounds: the
 * machine is shared, and a burst of someone else's work would otherwise land on one side only.
 * Run: `npx tsx bench/media.ts` (or `npm run bench -- media`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@coursepack/db/find-free-port';
import { uploadAsset } from '@coursepack/images/upload-asset';
import autocannon from 'autocannon';
import sharp, { type Sharp } from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixture = path.join(root, 'bench/fixtures/next-image');
const COLD_REQUESTS = Number(process.env.BENCH_COLD_REQUESTS ?? 60);
const CACHED_SECONDS = Number(process.env.BENCH_CACHED_SECONDS ?? 5);
// Round counts are odd, so that a median is one round's figure.
/** Alternating rounds of the service and bare node:http, CACHED_SECONDS each. */
const CACHED_ROUNDS = Number(process.env.BENCH_CACHED_ROUNDS ?? 5);
/** Alternating rounds of the service and bare sharp, COLD_REQUESTS shared out between them. */
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 5);
const COLD_PER_ROUND = Math.max(1, Math.floor(COLD_REQUESTS / COLD_ROUNDS));
// Enough requests in flight to keep every core busy in all three contestants.
const CONCURRENCY = availableParallelism() * 2;
const ACCEPT = 'image/webp,*/*';
const QUALITY = 80;

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function runConcurrently(
  count: number,
  task: (index: number) => Promise<void>,
): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const index = next++;
        const t = performance.now();
        await task(index);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: count / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function hammer(url: string): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: 16,
    duration: CACHED_SECONDS,
    headers: { accept: ACCEPT },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

interface Alternated {
  served: Figures;
  bare: Figures;
  ratio: number;
  ratios: number[];
}

/**
 * `served` and `bare` measured in turns (`round` numbers each turn); each one's median round,
 * and the median of the rounds' ratios (each ratio compares two rounds moments apart).
 */
async function alternate(
  served: (round: number) => Promise<Figures>,
  bare: (round: number) => Promise<Figures>,
  roundCount: number,
): Promise<Alternated> {
  const rounds: { served: Figures; bare: Figures }[] = [];
  for (let round = 0; round < roundCount; round++) {
    const first = await (round % 2 === 0 ? served : bare)(round);
    const second = await (round % 2 === 0 ? bare : served)(round);
    rounds.push(
      round % 2 === 0 ? { served: first, bare: second } : { served: second, bare: first },
    );
  }
  const pick = (side: 'served' | 'bare') => {
    const value = median(rounds.map((round) => round[side].perSecond));
    return rounds.find((round) => round[side].perSecond === value)?.[side] as Figures;
  };
  const ratios = rounds.map((round) => round.served.perSecond / round.bare.perSecond);
  return { served: pick('served'), bare: pick('bare'), ratio: median(ratios), ratios };
}

/** A bare node:http server in its own process, answering `body` (a file) from memory. */
function startBareHttp(file: string, port: number): ChildProcess {
  const script = `
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    require('node:http')
      .createServer((request, response) => {
        response.writeHead(200, { 'content-type': 'image/webp', 'content-length': body.length });
        response.end(body);
      })
      .listen(${port}, '127.0.0.1');`;
  return start(process.execPath, ['-e', script], root, {});
}

async function fetchOk(url: string): Promise<void> {
  const response = await fetch(url, { headers: { accept: ACCEPT } });
  const body = await response.arrayBuffer();
  if (!response.ok || response.headers.get('content-type') !== 'image/webp') {
    throw new Error(
      `${url} answered ${response.status} ${response.headers.get('content-type')}: ${response.headers.get('x-cld-error') ?? ''}`,
    );
  }
  if (body.byteLength === 0) throw new Error(`${url} answered an empty body`);
}

async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not start within 60 s`);
}

function start(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): ChildProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => child.kill());
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function makeSource(): Promise<Buffer> {
  // Photo-like content: a gradient with grain, so neither encoder gets an easy flat image.
  const gradient = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d4e89"/><stop offset="0.5" stop-color="#f2a541"/><stop offset="1" stop-color="#2a9d8f"/></linearGradient></defs><rect width="3000" height="2000" fill="url(#g)"/><circle cx="1500" cy="1000" r="600" fill="#e76f51" opacity="0.7"/></svg>`,
    ),
  )
    .png()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      // Required by sharp's types; the noise replaces it.
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Decodes a pipeline into raw pixels and starts another, as the service does between stages. */
async function decoded(image: Sharp): Promise<Sharp> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/**
 * Effects measured cold: the URL component (joined to the resize's component, so they share a
 * pipeline as they do in the service, unless it names its own chain) and bare sharp's nearest
 * equivalent.
 */
const EFFECTS: {
  name: string;
  component: string;
  bare: (image: Sharp) => Sharp | Promise<Sharp>;
}[] = [
  { name: 'e_blur', component: 'e_blur', bare: (image) => image.blur(5) },
  {
    name: 'e_grayscale',
    component: 'e_grayscale',
    bare: (image) =>
      image.recomb([
        [0.2126, 0.7152, 0.0722],
        [0.2126, 0.7152, 0.0722],
        [0.2126, 0.7152, 0.0722],
      ]),
  },
  {
    name: 'e_sepia',
    component: 'e_sepia:100',
    bare: (image) =>
      image.recomb([
        [0.393, 0.769, 0.189],
        [0.349, 0.686, 0.168],
        [0.272, 0.534, 0.131],
      ]),
  },
  { name: 'e_sharpen', component: 'e_sharpen', bare: (image) => image.sharpen({ sigma: 0.75 }) },
  { name: 'e_brightness', component: 'e_brightness:20', bare: (image) => image.linear(1, 51) },
  { name: 'e_contrast', component: 'e_contrast:50', bare: (image) => image.linear(1.5, -64) },
  {
    name: 'e_pixelate',
    component: 'e_pixelate:10',
    bare: async (image) =>
      (await decoded((await decoded(image)).resize(64, 43, { fit: 'fill' }))).resize(640, 427, {
        fit: 'fill',
        kernel: 'nearest',
      }),
  },
  {
    name: 'r_max',
    component: 'r_max',
    bare: (image) =>
      image.ensureAlpha().composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="427"><rect width="640" height="427" rx="320" ry="213.5"/></svg>',
          ),
          blend: 'dest-in',
        },
      ]),
  },
  {
    name: 'a_45',
    component: 'a_45',
    bare: async (image) => (await decoded(image)).rotate(45, { background: '#00000000' }),
  },
  {
    name: 'bo_ + o_',
    component: 'bo_4px_solid_black,o_60',
    bare: async (image) =>
      (
        await decoded(
          image
            .ensureAlpha()
            .extend({ top: 4, bottom: 4, left: 4, right: 4, background: '#000000' }),
        )
      ).linear([1, 1, 1, 0.6], [0, 0, 0, 0]),
  },
  {
    name: 'l_text',
    // A layer's own component transforms the layer: the resize goes in the component before.
    component: 'f_auto,q_auto,w_640/l_text:Arial_40_bold:Coursepack,co_white,g_south,y_20',
    bare: async (image) =>
      image.composite([
        {
          input: await sharp({
            text: {
              text: '<span foreground="#ffffff">Coursepack</span>',
              font: 'Arial bold 40',
              dpi: 72,
              rgba: true,
            },
          })
            .png()
            .toBuffer(),
          gravity: 'south',
        },
      ]),
  },
];

function row(name: string, figures: Figures): string {
  return `${name.padEnd(34)}${figures.perSecond.toFixed(1).padStart(10)}/s   p50 ${figures.p50.toFixed(1).padStart(7)} ms   p99 ${figures.p99.toFixed(1).padStart(7)} ms`;
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'coursepack-bench-media-'));
  const source = await makeSource();
  console.log(
    `source: 3000x2000 JPEG, ${(source.byteLength / 1024).toFixed(0)} KiB; ${COLD_REQUESTS} cold requests, ${CONCURRENCY} in flight; cached: ${CACHED_SECONDS} s, 16 connections\n`,
  );

  /** Bare sharp: the same work the service does for the URL, then `effect`. */
  const bareSharp =
    (effect: (image: Sharp) => Sharp | Promise<Sharp> = (image) => image) =>
    async () => {
      const resized = sharp(source, { limitInputPixels: 50_000_000 })
        .autoOrient()
        .resize(640, 427, { fit: 'fill' });
      await (await effect(resized)).webp({ quality: QUALITY }).toBuffer();
    };
  /** Cold rounds: each round derives its own share of the uploads, `url(i)` for the i-th. */
  const coldRounds = (url: (i: number) => string, bareTask: () => Promise<void>) =>
    alternate(
      (round) => runConcurrently(COLD_PER_ROUND, (i) => fetchOk(url(round * COLD_PER_ROUND + i))),
      () => runConcurrently(COLD_PER_ROUND, bareTask),
      COLD_ROUNDS,
    );

  // 1. Our media service in its own process, against bare sharp.
  const mediaPort = await findFreePort();
  // BENCH_MEDIA_SERVER: another build of the service (say, main's, copied into the tree) to
  // compare against in the same conditions.
  const server = process.env.BENCH_MEDIA_SERVER ?? 'apps/media/src/server.ts';
  const media = start(process.execPath, ['--import', 'tsx', server], root, {
    MEDIA_PORT: String(mediaPort),
    MEDIA_HOST: '127.0.0.1',
    DATA_DIR: path.join(workDir, 'data'),
    MEDIA_API_KEY: 'bench-key',
    MEDIA_API_SECRET: 'bench-secret',
    MEDIA_DERIVATION_BUDGET_MS: '600000',
    MEDIA_LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  const mediaOrigin = `http://127.0.0.1:${mediaPort}`;
  let ours: { cold: Figures; cached: Figures };
  let bare: Figures;
  let coldVsSharp: Alternated;
  let bareHttp: Figures;
  let cachedVsHttp: Alternated;
  const effects: ({ name: string } & Alternated)[] = [];
  try {
    await waitFor(`${mediaOrigin}/healthz`, media, 'media service');
    const credentials = {
      apiBaseUrl: mediaOrigin,
      cloudName: 'coursepack',
      apiKey: 'bench-key',
      apiSecret: 'bench-secret',
    };
    for (let i = 0; i <= COLD_REQUESTS; i++) {
      await uploadAsset(credentials, {
        // Distinct bytes (after the JPEG's end marker, ignored by decoders) so that no two
        // uploads share a derivation: the service dedupes identical content.
        file: Buffer.concat([source, Buffer.from(`bench-${i}`)]),
        filename: 'source.jpg',
        publicId: `bench/src-${i}`,
        resourceType: 'image',
      });
    }
    const url = (i: number) =>
      `${mediaOrigin}/coursepack/image/upload/f_auto,q_auto,w_640/bench/src-${i}`;
    await fetchOk(url(COLD_REQUESTS)); // warm the process (JIT, sharp's first use), not the measured keys
    await bareSharp()();
    coldVsSharp = await coldRounds(url, bareSharp());
    bare = coldVsSharp.bare;
    // The ceiling: the same bytes from a bare node:http server, alternating with the service.
    const bodyFile = path.join(workDir, 'cached-body');
    await writeFile(
      bodyFile,
      Buffer.from(await (await fetch(url(0), { headers: { accept: ACCEPT } })).arrayBuffer()),
    );
    const httpPort = await findFreePort();
    const bareServer = startBareHttp(bodyFile, httpPort);
    try {
      await waitFor(`http://127.0.0.1:${httpPort}/`, bareServer, 'bare node:http');
      const cached = await alternate(
        () => hammer(url(0)),
        () => hammer(`http://127.0.0.1:${httpPort}/`),
        CACHED_ROUNDS,
      );
      ours = { cold: coldVsSharp.served, cached: cached.served };
      bareHttp = cached.bare;
      cachedVsHttp = cached;
    } finally {
      await stop(bareServer);
    }
    for (const effect of EFFECTS) {
      const effectUrl = (i: number) =>
        `${mediaOrigin}/coursepack/image/upload/${effect.component.includes('/') ? effect.component : `${effect.component},f_auto,q_auto,w_640`}/bench/src-${i}`;
      await fetchOk(effectUrl(COLD_REQUESTS));
      effects.push({ name: effect.name, ...(await coldRounds(effectUrl, bareSharp(effect.bare))) });
    }
  } finally {
    await stop(media);
  }

  // 2. Next.js /_next/image on the same source (hard links: distinct URLs, one file).
  if (!existsSync(path.join(fixture, '.next/BUILD_ID'))) {
    console.log('building bench/fixtures/next-image …');
    const build = start(
      process.execPath,
      [path.join(root, 'node_modules/next/dist/bin/next'), 'build'],
      fixture,
      { NEXT_TELEMETRY_DISABLED: '1' },
    );
    const code = await new Promise((resolve) => build.once('exit', resolve));
    if (code !== 0) throw new Error(`next build failed with code ${code}`);
  }
  const publicDir = path.join(fixture, 'public/bench');
  await rm(publicDir, { recursive: true, force: true });
  await rm(path.join(fixture, '.next/cache/images'), { recursive: true, force: true });
  await mkdir(publicDir, { recursive: true });
  await writeFile(path.join(publicDir, 'src-0.jpg'), source);
  for (let i = 1; i <= COLD_REQUESTS; i++) {
    await link(path.join(publicDir, 'src-0.jpg'), path.join(publicDir, `src-${i}.jpg`));
  }
  const nextPort = await findFreePort();
  const next = start(
    process.execPath,
    [
      path.join(root, 'node_modules/next/dist/bin/next'),
      'start',
      '-p',
      String(nextPort),
      '-H',
      '127.0.0.1',
    ],
    fixture,
    { NEXT_TELEMETRY_DISABLED: '1' },
  );
  const nextOrigin = `http://127.0.0.1:${nextPort}`;
  let theirs: { cold: Figures; cached: Figures };
  try {
    await waitFor(`${nextOrigin}/`, next, 'next start');
    const url = (i: number) =>
      `${nextOrigin}/_next/image?url=${encodeURIComponent(`/bench/src-${i}.jpg`)}&w=640&q=${QUALITY}`;
    await fetchOk(url(COLD_REQUESTS));
    const cold = await runConcurrently(COLD_REQUESTS, (i) => fetchOk(url(i)));
    const cached = await hammer(url(0));
    theirs = { cold, cached };
  } finally {
    await stop(next);
    await rm(publicDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  }

  const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;
  const rounds = (alternated: Alternated) => `rounds: ${alternated.ratios.map(percent).join(', ')}`;
  console.log(
    `cold derivations (each request a new image; service and bare sharp: median of ${COLD_ROUNDS} alternating rounds of ${COLD_PER_ROUND})`,
  );
  console.log(row('  bare sharp loop', bare));
  console.log(row('  media service', ours.cold));
  console.log(row('  next /_next/image', theirs.cold));
  console.log(
    `cached hits (one URL; median of ${CACHED_ROUNDS} alternating rounds of ${CACHED_SECONDS} s)`,
  );
  console.log(row('  bare node:http, bytes in memory', bareHttp));
  console.log(row('  media service', ours.cached));
  console.log(row('  next /_next/image', theirs.cached));
  console.log('cold derivations per effect (same resize, then the effect)');
  for (const effect of effects) {
    console.log(row(`  ${effect.name}: bare sharp`, effect.bare));
    console.log(
      `${row(`  ${effect.name}: media service`, effect.served)}   ${percent(effect.ratio)}   ${rounds(effect)}`,
    );
  }
  const coldVsNext = ours.cold.perSecond / theirs.cold.perSecond;
  const cachedVsNext = ours.cached.perSecond / theirs.cached.perSecond;
  const weakest = Math.min(...effects.map((effect) => effect.ratio));
  console.log('\nratios (goal)');
  console.log(
    `  cold: media / bare sharp      ${percent(coldVsSharp.ratio)}   (≥ 85 %) ${coldVsSharp.ratio >= 0.85 ? 'met' : 'MISSED'}   ${rounds(coldVsSharp)}`,
  );
  console.log(
    `  cold: media / next            ${coldVsNext.toFixed(2)}x   (> 1x) ${coldVsNext > 1 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  cached: media / next          ${cachedVsNext.toFixed(1)}x   (≥ 5x) ${cachedVsNext >= 5 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  cached: media / node:http     ${percent(cachedVsHttp.ratio)}   (≥ 70 %) ${cachedVsHttp.ratio >= 0.7 ? 'met' : 'MISSED'}   ${rounds(cachedVsHttp)}`,
  );
  console.log(
    `  cold effects: weakest / sharp ${(weakest * 100).toFixed(0)} %   (≥ 85 %) ${weakest >= 0.85 ? 'met' : 'MISSED'}`,
  );
}

await main();
