import { createHash, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { MediaConfig } from '../config';
import {
  CONTENT_TYPES,
  chooseOutputFormat,
  SOURCE_CONTENT_TYPES,
} from '../derive/choose-output-format';
import { DerivationLane } from '../derive/derivation-lane';
import {
  APPROXIMATED_GRAVITIES,
  type DeriveSource,
  deriveImage,
  type ResolvedRequest,
} from '../derive/derive-image';
import { type DerivedStore, DiskDerivedCache } from '../derive/derived-cache';
import { MemoryCache } from '../derive/memory-cache';
import type { PdfRenderer } from '../derive/pdf-renderer';
import { fitWithinPixels, type Size } from '../derive/plan-resize';
import { readClientHints, resolveClientHints } from '../derive/resolve-client-hints';
import {
  DELIVERY_EXTENSIONS,
  type DeliveryRequest,
  namedTransformationsIn,
  parseDeliveryPath,
} from '../grammar/parse-delivery-path';
import { assertValidPublicId } from '../grammar/public-id';
import { LruMap } from '../lru-map';
import { MediaError, toMediaError } from '../media-error';
import type { AssetRecord, AssetStore } from '../store/asset-store';
import type { NamedTransformations } from '../store/named-transformations';
import { type Dependency, matchesEtag } from './hot-answers';

export type CacheOutcome = 'memory' | 'disk' | 'derived';

export interface Delivery {
  kind: 'derived';
  status: 200 | 304;
  body?: Uint8Array;
  contentType: string;
  etag: string;
  /** Request headers the bytes depend on (`Accept` for f_auto, client hints). */
  vary: string[];
  /** What stood in for a Cloudinary feature we cannot match (`x-media-approximation`). */
  approximation?: string;
  /** The URL names the asset's current version: its answer can never change. */
  current: boolean;
  /** `fl_attachment`: the download's file name. */
  attachment?: string;
  cache: CacheOutcome;
  /** The original's size when an untransformed delivery was scaled down to the output limit. */
  downscaledFrom?: Size;
  /** Where the body is kept in memory (`DeliveryService.cachedBody`). */
  memoryKey: string;
  /** The records and definitions the answer was made from (see HotAnswers). */
  dependencies: Dependency[];
}

/** An untransformed URL in the source's own format: the original file, as stored. */
export interface OriginalDelivery {
  kind: 'original';
  path: string;
  contentType: string;
  bytes: number;
  etag: string;
  current: boolean;
  attachment?: string;
}

interface Derived {
  body: Uint8Array;
}

export interface DeliveryHooks {
  /**
   * Runs as every derivation job starts, once the lane has given it a slot (tests count jobs,
   * see the lane's order, and slow them down).
   */
  onDerive?: (key: string) => void | Promise<void>;
}

/** How long a failed derivation's error is replayed instead of starting the job again. */
const FAILURE_MEMORY_MS = 30_000;
/** Failed derivations remembered at once (each a key and an error). */
const MAX_REMEMBERED_FAILURES = 10_000;
/** Cold derivations waiting for the lane at once; past it a request answers 423 and polls. */
const MAX_WAITING_DERIVATIONS = 1_000;

/**
 * An untransformed image larger than the output limit is delivered scaled down to fit it (a
 * URL without transformations must not be a way around the limit). The marker in `canonical`
 * keeps it apart from anything derived before this rule.
 */
function fitOutputLimit(
  request: ResolvedRequest,
  asset: AssetRecord,
  maxOutputPixels: number,
): { request: ResolvedRequest; downscaledFrom?: Size } {
  // PDF renders are already sized to the limit, page by page.
  if (request.steps.length > 0 || asset.format === 'pdf') return { request };
  const source = { width: asset.width, height: asset.height };
  const fitted = fitWithinPixels(source, maxOutputPixels);
  if (!fitted) return { request };
  return {
    request: {
      ...request,
      steps: [
        {
          width: { kind: 'px', value: fitted.width },
          height: { kind: 'px', value: fitted.height },
          crop: 'scale',
        },
      ],
      canonical: `${request.canonical}/limit_${fitted.width}x${fitted.height}`,
      transformed: true,
    },
    downscaledFrom: source,
  };
}

function sleep(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
}

/**
 * Delivery: parse the URL, find the asset, choose the format, then serve the derivation from
 * memory, from disk, or by deriving it once however many requests ask at the same time.
 * A derivation still running when the time budget is over answers 423 and carries on.
 */
export class DeliveryService {
  private readonly memory: MemoryCache<Derived>;
  private readonly flights = new Map<string, Promise<Derived>>();
  private readonly failures = new LruMap<string, { error: MediaError; until: number }>(
    MAX_REMEMBERED_FAILURES,
  );
  /** Where cold work runs, shared with the upload checks (see derivation-lane.ts). */
  readonly lane: DerivationLane;
  private readonly derived: DerivedStore;

  constructor(
    private readonly config: MediaConfig,
    private readonly assets: AssetStore,
    private readonly pdf: PdfRenderer,
    private readonly named: NamedTransformations,
    private readonly hooks: DeliveryHooks = {},
  ) {
    this.memory = new MemoryCache(config.memoryCacheBytes);
    this.lane = new DerivationLane(config.derivationConcurrency, MAX_WAITING_DERIVATIONS);
    this.derived = new DiskDerivedCache(
      path.join(config.mediaDir, 'derived'),
      (publicId) => assets.derivedDir(publicId),
      config.cacheMaxBytes,
    );
  }

  /**
   * A delivery path read as `deliver` reads it, named transformations expanded: throws the
   * MediaError that names what is wrong with it (an upload's `eager` is checked so, first).
   */
  async parse(
    pathname: string,
  ): Promise<{ parsed: DeliveryRequest; named: Map<string, string>; names: string[] }> {
    const names = namedTransformationsIn(pathname);
    const named = new Map<string, string>();
    for (const name of names) {
      const definition = await this.named.get(name);
      if (definition !== undefined) named.set(name, definition);
    }
    const parsed = parseDeliveryPath(pathname, this.config.maxTransformations, named);
    if (parsed.cloudName !== this.config.cloudName) {
      throw new MediaError('not_found', `Unknown cloud name ${parsed.cloudName}`);
    }
    return { parsed, named, names };
  }

  async deliver(pathname: string, headers: RequestHeaders): Promise<Delivery | OriginalDelivery> {
    const { parsed, named, names } = await this.parse(pathname);
    if (parsed.signature) verifyUrlSignature(parsed.signature, this.config.apiSecret);
    const found = await this.findAsset(parsed);
    const { asset } = found;
    const dependencies: Dependency[] = [
      ...[...named].map(([name, definition]) => ({ kind: 'named' as const, name, definition })),
      // A default stands in only while the asset itself is missing.
      ...(found.isDefault ? [{ kind: 'asset' as const, publicId: parsed.publicId }] : []),
      { kind: 'asset', publicId: asset.publicId, etag: asset.etag, version: asset.version },
    ];
    const resolved = resolveClientHints(parsed, readClientHints(headers));
    const { request, downscaledFrom } = fitOutputLimit(
      resolved.request,
      asset,
      this.config.maxOutputPixels,
    );
    const accept = firstHeader(headers.accept) ?? '';
    const choice = chooseOutputFormat(request, asset, accept);
    // Any version number finds the asset (as at Cloudinary), but only the current one is final:
    // the SDKs' `v1` placeholder and old versions must see a replacement, and so must a default
    // image standing in for an asset that may be uploaded later.
    const current = request.version === asset.version && !found.isDefault;
    const attachment = attachmentName(
      request,
      choice.format === 'original' ? asset.format : choice.format,
    );
    if (choice.format === 'original') {
      return {
        kind: 'original',
        path: this.assets.originalPath(asset.publicId),
        contentType: SOURCE_CONTENT_TYPES[asset.format],
        bytes: asset.bytes,
        etag: `"${asset.etag}"`,
        current,
        attachment,
      };
    }
    const format = choice.format;
    const ifNoneMatch = firstHeader(headers['if-none-match']);

    const layers = await this.findLayers(request);
    // A replaced layer image changes the answer: its etag is part of the key.
    const layerEtags = [...layers.values()].map((layer) => layer.asset.etag).join(',');
    for (const { asset: layer } of layers.values()) {
      const { publicId, etag: layerEtag, version } = layer;
      dependencies.push({ kind: 'asset', publicId, etag: layerEtag, version });
    }
    const key = `${asset.etag}/${request.canonical}/${format}${layerEtags && `/${layerEtags}`}`;
    const hash = createHash('sha256').update(key).digest('base64url').slice(0, 32);
    const etag = `"${hash}"`;
    const memoryKey = `${asset.publicId}\u0000${hash}`;
    const base = {
      kind: 'derived' as const,
      contentType: CONTENT_TYPES[format],
      etag,
      vary: [...(choice.negotiated ? ['Accept'] : []), ...resolved.vary],
      approximation: approximations(request),
      // A layer image or a named transformation may be replaced too.
      current: current && layers.size === 0 && names.length === 0,
      attachment,
      downscaledFrom,
      memoryKey,
      dependencies,
    };
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, etag)) {
      return { ...base, status: 304, cache: 'memory' };
    }
    const hot = this.memory.get(memoryKey);
    if (hot) return { ...base, status: 200, body: hot.body, cache: 'memory' };

    const fileName = `${hash}.${format}`;
    const fromDisk = await this.derived.read(asset.publicId, fileName);
    if (fromDisk) {
      this.memory.set(memoryKey, { body: fromDisk });
      return { ...base, status: 200, body: fromDisk, cache: 'disk' };
    }

    const failure = this.failures.get(key);
    if (failure && failure.until > Date.now()) throw failure.error;

    let job = this.flights.get(key);
    if (!job && !this.lane.hasRoom) {
      // Nothing is queued: the client's poll asks again once the lane has room.
      await sleep(this.config.derivationBudgetMs);
      throw new MediaError('processing', 'Image is being processed; retry in a moment');
    }
    if (!job) {
      const source: DeriveSource = {
        asset,
        originalPath: this.assets.originalPath(asset.publicId),
        pdf: this.pdf,
        layers,
        inLane: (work) =>
          this.lane.run(asset.publicId, async () => {
            await this.hooks.onDerive?.(key);
            return work();
          }),
      };
      job = this.runJob(key, memoryKey, asset.publicId, fileName, () =>
        deriveImage(source, request, format, this.config),
      );
    }
    const outcome = await Promise.race([job, sleep(this.config.derivationBudgetMs)]);
    if (outcome === 'timeout') {
      throw new MediaError('processing', 'Image is being processed; retry in a moment');
    }
    return { ...base, status: 200, body: outcome.body, cache: 'derived' };
  }

  /** The asset, or the `d_` default image when it does not exist. */
  private async findAsset(
    request: DeliveryRequest,
  ): Promise<{ asset: AssetRecord; isDefault: boolean }> {
    const asset = await this.assets.get(request.publicId);
    if (asset) return { asset, isDefault: false };
    if (request.defaultImage !== undefined) {
      const id = withoutExtension(request.defaultImage);
      assertValidPublicId(id);
      const fallback = await this.assets.get(id);
      if (fallback) return { asset: fallback, isDefault: true };
    }
    throw new MediaError('not_found', `Resource not found - ${request.publicId}`);
  }

  /** The images `l_` layers name; a missing one is a missing resource, a PDF is refused. */
  private async findLayers(request: ResolvedRequest): Promise<DeriveSource['layers']> {
    const layers = new Map<string, { asset: AssetRecord; originalPath: string }>();
    for (const step of request.steps) {
      const layer = step.overlay?.source;
      if (layer?.kind !== 'image' || layers.has(layer.publicId)) continue;
      const asset = await this.assets.get(layer.publicId);
      if (!asset) throw new MediaError('not_found', `Resource not found - ${layer.publicId}`);
      if (asset.format === 'pdf') {
        throw new MediaError(
          'invalid_transformation',
          `Invalid transformation l_${layer.publicId.replaceAll('/', ':')}: a layer must be an image, not a PDF`,
        );
      }
      layers.set(layer.publicId, { asset, originalPath: this.assets.originalPath(layer.publicId) });
    }
    return layers;
  }

  private runJob(
    key: string,
    memoryKey: string,
    publicId: string,
    fileName: string,
    derive: () => Promise<Buffer>,
  ): Promise<Derived> {
    const job = (async () => {
      const body = await derive();
      await this.derived.write(publicId, fileName, body);
      const derived = { body };
      this.memory.set(memoryKey, derived);
      return derived;
    })().catch((error: unknown) => {
      throw toMediaError(error);
    });
    this.flights.set(key, job);
    // Waiters may all have given up (423); the outcome is recorded here either way.
    job.then(
      () => this.flights.delete(key),
      (error: MediaError) => {
        this.flights.delete(key);
        // A failure of the moment (load, a paused document) says nothing about the request.
        if (error.code === 'unavailable') return;
        this.failures.set(key, { error, until: Date.now() + FAILURE_MEMORY_MS });
      },
    );
    return job;
  }

  /** A derived body kept in memory, by `Delivery.memoryKey`. */
  cachedBody(memoryKey: string): Uint8Array | undefined {
    return this.memory.get(memoryKey)?.body;
  }

  forget(publicId: string): void {
    this.memory.deleteWhere((key) => key.startsWith(`${publicId}\u0000`));
    this.derived.forget(publicId);
    this.failures.clear();
  }
}

type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * `s--…--`: the first 8 characters of the URL-safe base64 SHA-1 of the signed text and the
 * API secret (32 of SHA-256 with `long_url_signature`), as the SDKs compute it. A wrong one is
 * refused before the asset is looked up, so it never reads as a missing asset.
 */
function verifyUrlSignature(signature: { value: string; signed: string }, secret: string): void {
  const algorithm = signature.value.length === 32 ? 'sha256' : 'sha1';
  const expected = createHash(algorithm)
    .update(signature.signed + secret)
    .digest('base64')
    .slice(0, signature.value.length)
    .replaceAll('/', '_')
    .replaceAll('+', '-');
  const given = Buffer.from(signature.value);
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
    throw new MediaError('invalid_signature', `Invalid URL signature s--${signature.value}--`);
  }
}

function withoutExtension(publicId: string): string {
  const dot = publicId.lastIndexOf('.');
  const extension = publicId.slice(dot + 1).toLowerCase();
  return dot > 0 && DELIVERY_EXTENSIONS.has(extension) ? publicId.slice(0, dot) : publicId;
}

/** `fl_attachment[:name]`: the file name (the public id's last segment by default). */
function attachmentName(request: DeliveryRequest, format: string): string | undefined {
  const { attachment } = request.flags;
  if (attachment === undefined) return undefined;
  const name = attachment === true ? (request.publicId.split('/').pop() as string) : attachment;
  return `${name}.${format}`;
}

/** Cloudinary features we stand in for, for the `x-media-approximation` header. */
function approximations(request: ResolvedRequest): string | undefined {
  const used = new Set<string>();
  for (const step of request.steps) {
    if (step.gravity && APPROXIMATED_GRAVITIES.has(step.gravity)) {
      used.add(`g_${step.gravity}=attention`);
    }
    if (step.crop === 'auto') used.add('c_auto=attention');
  }
  return used.size > 0 ? [...used].join(', ') : undefined;
}
