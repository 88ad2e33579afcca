import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where `npm run build` writes the script-tag build (gitignored). */
export const STANDALONE_PATH = join(PACKAGE_DIR, 'dist', 'tracker.js');

/** Hard limit for the gzipped standalone script; the goal is Plausible's 2,694 B. */
export const STANDALONE_GZIP_LIMIT = 3072;

// ES2020 keeps `?.` and `??` native; every browser with `sendBeacon` and `keepalive` has it.
const COMMON: BuildOptions = {
  bundle: true,
  minify: true,
  target: 'es2020',
  write: false,
  legalComments: 'none',
  logLevel: 'silent',
};

async function bundle(options: BuildOptions): Promise<string> {
  const result = await build({ ...COMMON, ...options });
  const output = result.outputFiles?.[0];
  if (!output) throw new Error(`esbuild produced no output for ${String(options.entryPoints)}`);
  return output.text;
}

/** The script-tag build: an IIFE that sets `window.CoursepackTracker = { createTracker }`. */
export function bundleStandalone(): Promise<string> {
  return bundle({
    entryPoints: [join(PACKAGE_DIR, 'src', 'standalone.ts')],
    format: 'iife',
    outfile: STANDALONE_PATH,
  });
}

/** Builds dist/tracker.js and returns its code. */
export async function buildStandalone(): Promise<string> {
  const code = await bundleStandalone();
  await mkdir(dirname(STANDALONE_PATH), { recursive: true });
  await writeFile(STANDALONE_PATH, code);
  return code;
}

export interface BundleSize {
  minified: number;
  gzipped: number;
}

/** Bytes of `code` minified as given and gzipped at level 9 (how the peers were measured). */
export function measure(code: string): BundleSize {
  return {
    minified: Buffer.byteLength(code),
    gzipped: gzipSync(code, { level: 9 }).byteLength,
  };
}

export interface TrackerSizes {
  /** `createTracker` as an app's bundler ships it: ESM, with scroll and presence. */
  core: BundleSize;
  /** dist/tracker.js. */
  standalone: BundleSize;
  /** `@coursepack/tracker/react` on top of the core (React itself excluded). */
  react: BundleSize;
}

export async function measureTrackerSizes(): Promise<TrackerSizes> {
  const [core, standalone, react] = await Promise.all([
    bundle({ entryPoints: [join(PACKAGE_DIR, 'src', 'create-tracker.ts')], format: 'esm' }),
    bundleStandalone(),
    bundle({
      entryPoints: [join(PACKAGE_DIR, 'src', 'react.ts')],
      format: 'esm',
      external: ['react'],
      plugins: [
        {
          name: 'core-external',
          setup(builder) {
            builder.onResolve({ filter: /\/create-tracker$/ }, (args) => ({
              path: args.path,
              external: true,
            }));
          },
        },
      ],
    }),
  ]);
  return { core: measure(core), standalone: measure(standalone), react: measure(react) };
}
