import { createHash, randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { createSignature } from '@coursepack/images/create-signature';
import { hasPdfHeader } from '@coursepack/pdf-guard/pdf-header';
import sharp, { type Metadata } from 'sharp';
import type { MediaConfig } from '../config';
import type { DerivationLane } from '../derive/derivation-lane';
import { PDF_DENSITY } from '../derive/derive-image';
import type { EagerDerivation } from '../derive/eager-transformations';
import type { PdfRenderer } from '../derive/pdf-renderer';
import { assertValidPublicId } from '../grammar/public-id';
import { MediaError } from '../media-error';
import type { AssetRecord, AssetStore, RawFileRecord, SourceFormat } from './asset-store';
import { rawContentType } from './raw-file-type';

export interface UploadInput {
  bytes: Uint8Array;
  filename?: string;
  /** Every form field but `file` (already signature-checked). */
  params: Readonly<Record<string, string>>;
}

/** Cloudinary's upload response (the fields its SDKs and our clients read). */
export interface UploadResponse {
  asset_id: string;
  public_id: string;
  version: number;
  version_id: string;
  signature: string;
  /** Images only: Cloudinary reports no size or format for raw files. */
  width?: number;
  height?: number;
  format?: string;
  resource_type: 'image' | 'raw';
  created_at: string;
  tags: string[];
  pages?: number;
  bytes: number;
  type: 'upload';
  etag: string;
  placeholder: false;
  url: string;
  secure_url: string;
  asset_folder: string;
  display_name: string;
  original_filename?: string;
  /** Contextual metadata, as Cloudinary answers it (only when some was given). */
  context?: { custom: Record<string, string> };
  existing?: boolean;
  /** The `eager` derivations, made before answering (eager-transformations.ts). */
  eager?: EagerDerivation[];
  api_key: string;
}

/** Sniffed from the bytes, never from the name or the declared type. */
export function detectSourceFormat(bytes: Uint8Array): SourceFormat | undefined {
  const ascii = (start: number, end: number) =>
    Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(8, 12))) return 'avif';
  if (hasPdfHeader(bytes)) return 'pdf';
  return undefined;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Like Cloudinary's generated public ids: lowercase letters and digits. */
function randomId(length: number): string {
  return Array.from(randomBytes(length), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

const ALLOWED = 'jpg, png, gif, webp, avif, pdf';

/**
 * The SDKs send booleans as `1`/`0` (`as_safe_bool`), other clients as `true`/`false`: reading
 * only one spelling once made `overwrite: false` overwrite. Anything else is refused rather
 * than guessed.
 */
function readFlag(
  params: Readonly<Record<string, string>>,
  name: string,
  fallback: boolean,
): boolean {
  const value = params[name];
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new MediaError(
    'invalid_request',
    `Invalid value for ${name}: ${JSON.stringify(value)} (use true, false, 1 or 0)`,
  );
}

/** `tags` as the SDK sends them: one comma-separated string. */
function readTags(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * `context` as the SDK encodes it: `key=value` pairs joined by `|`, with `=` and `|` inside
 * keys and values escaped by a backslash.
 */
function readContext(value: string | undefined): Record<string, string> {
  const context: Record<string, string> = {};
  if (!value) return context;
  const unescapeContext = (text: string) => text.replace(/\\([=|])/g, '$1');
  for (const pair of value.split(/(?<!\\)\|/)) {
    const match = /^((?:[^=\\]|\\.)*)=(.*)$/s.exec(pair);
    const key = unescapeContext(match ? (match[1] as string) : pair).trim();
    if (key) context[key] = match ? unescapeContext(match[2] as string) : '';
  }
  return context;
}

/** A file name's extension, when it is a plain one (`notes.txt` → `txt`). */
function filenameExtension(filename: string | undefined): string | undefined {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(filename ?? '');
  return match?.[1]?.toLowerCase();
}

/**
 * The public id and folder. Raw files keep their extension in a public id the service makes
 * up, as at Cloudinary (there is no format to deliver them in).
 */
function chooseDisplayName(
  input: UploadInput,
  rawExtension?: string,
): { publicId: string; folder: string } {
  const { params } = input;
  const folder = (params.folder ?? '').replace(/^\/+|\/+$/g, '');
  let name = params.public_id;
  if (!name) {
    const stem = (input.filename ?? '').replace(/\.[^.]*$/, '').replace(/[^\w-]+/g, '_');
    const useFilename = readFlag(params, 'use_filename', false) && stem !== '';
    const unique = !useFilename || readFlag(params, 'unique_filename', true);
    name = useFilename ? (unique ? `${stem}_${randomId(6)}` : stem) : randomId(20);
    if (rawExtension !== undefined) name = `${name}.${rawExtension}`;
  }
  const publicId = folder && !name.startsWith(`${folder}/`) ? `${folder}/${name}` : name;
  return { publicId, folder };
}

async function inspectImage(
  file: string,
  config: MediaConfig,
): Promise<{ width: number; height: number; pages: number; hasAlpha: boolean }> {
  let metadata: Metadata;
  try {
    // Header only: no pixels are decoded here, so a decompression bomb costs nothing.
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new MediaError('unsupported_file_type', 'Invalid image file', { cause: error });
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new MediaError('unsupported_file_type', 'Invalid image file');
  if (width * height > config.maxSourcePixels) {
    throw new MediaError(
      'limit_exceeded',
      `Image of ${width}x${height} exceeds the maximum of ${config.maxSourcePixels} pixels`,
    );
  }
  const pages = metadata.pages ?? 1;
  // An animation is decoded whole (every frame) to be resized, so its frames count together.
  if (width * height * pages > config.maxSourcePixels) {
    throw new MediaError(
      'limit_exceeded',
      `Animation of ${pages} frames of ${width}x${height} exceeds the maximum of ${config.maxSourcePixels} pixels`,
    );
  }
  return { width, height, pages, hasAlpha: metadata.hasAlpha ?? false };
}

/**
 * Decodes every pixel of every frame once, as a derivation would read them: a file whose
 * header is sound but whose data is cut short (a truncated PNG) or broken would otherwise be
 * stored and fail every derivation with a 500. Cheap: shrunk while loading where the format
 * allows (JPEG, WebP), streamed, and made into a thumbnail nobody keeps; run in the lane of
 * cold work so uploads never take the thread pool from cached answers.
 */
async function checkDecodes(
  file: string,
  format: SourceFormat,
  pages: number,
  { config, lane }: UploadContext,
): Promise<void> {
  try {
    await lane.run(`upload:${file}`, () =>
      sharp(file, {
        limitInputPixels: config.maxSourcePixels,
        sequentialRead: true,
        ...(pages > 1 ? { pages: -1 } : {}),
      })
        .resize(64, 64, { fit: 'inside' })
        .raw()
        .toBuffer(),
    );
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    throw new MediaError(
      'unsupported_file_type',
      `Invalid image file: the ${format.toUpperCase()} data is truncated or corrupt (${reason})`,
      { cause: error },
    );
  }
}

/**
 * `raw` is what the SDKs' `upload_large` sends by default: any file, kept as is and never
 * decoded (no pixel or PDF checks: nothing ever renders it), under a separate store.
 */
export type UploadResourceType = 'image' | 'raw';

export interface UploadContext {
  config: MediaConfig;
  assets: AssetStore;
  rawFiles: AssetStore<RawFileRecord>;
  pdf: PdfRenderer;
  /** Where the full decode of an uploaded image runs (with the derivations). */
  lane: DerivationLane;
}

function checkSize(bytes: Uint8Array, config: MediaConfig): void {
  if (bytes.byteLength === 0) throw new MediaError('invalid_request', 'Empty file');
  if (bytes.byteLength > config.maxUploadBytes) {
    throw new MediaError(
      'limit_exceeded',
      `File size too large. Got ${bytes.byteLength}. Maximum is ${config.maxUploadBytes}.`,
    );
  }
}

/** What every stored file's record has, for an upload replacing `existing` (if any). */
function commonFields(
  input: UploadInput,
  publicId: string,
  existing: { version: number } | undefined,
) {
  const now = Math.floor(Date.now() / 1000);
  return {
    publicId,
    // Versions must change on every replacement, even within one second.
    version: Math.max(now, (existing?.version ?? 0) + 1),
    bytes: input.bytes.byteLength,
    etag: createHash('md5').update(input.bytes).digest('hex'),
    createdAt: new Date().toISOString(),
    originalFilename: input.filename?.replace(/\.[^.]*$/, ''),
    tags: readTags(input.params.tags),
    context: readContext(input.params.context),
  };
}

type CommonFields = ReturnType<typeof commonFields>;

/**
 * Names the upload and keeps the existing file when `overwrite` is false; otherwise writes the
 * bytes to a scratch file, has `describe` make the record from it (it may refuse the file), and
 * puts both in `store`.
 */
async function keep<Entry extends AssetRecord | RawFileRecord>(
  store: AssetStore<Entry>,
  input: UploadInput,
  config: MediaConfig,
  rawExtension: string | undefined,
  describe: (temp: string, fields: CommonFields) => Entry | Promise<Entry>,
): Promise<UploadResponse> {
  const { publicId, folder } = chooseDisplayName(input, rawExtension);
  assertValidPublicId(publicId);
  const overwrite = readFlag(input.params, 'overwrite', true);
  const existing = await store.get(publicId);
  if (existing && !overwrite) return toResponse(existing, config, folder, true);
  const temp = await store.tempPath();
  await writeFile(temp, input.bytes);
  try {
    const record = await describe(temp, commonFields(input, publicId, existing));
    await store.put(record, temp);
    return toResponse(record, config, folder, false);
  } finally {
    await rm(temp, { force: true });
  }
}

/** An image's or PDF's size and pages, within the limits (refused otherwise). */
async function measure(
  file: string,
  format: SourceFormat,
  etag: string,
  context: UploadContext,
): Promise<{ width: number; height: number; pages: number; hasAlpha: boolean }> {
  const { config, pdf } = context;
  if (format !== 'pdf') {
    const size = await inspectImage(file, config);
    await checkDecodes(file, format, size.pages, context);
    return size;
  }
  const info = await pdf.inspect(file, etag);
  if (info.pages > config.maxPdfPages) {
    throw new MediaError(
      'limit_exceeded',
      `PDF has ${info.pages} pages; the maximum is ${config.maxPdfPages}`,
    );
  }
  const scale = PDF_DENSITY / 72;
  return {
    width: Math.round(info.width * scale),
    height: Math.round(info.height * scale),
    pages: info.pages,
    hasAlpha: false,
  };
}

/**
 * Stores an upload's file as sent: `image` (and `auto`) takes images and PDFs, checked and
 * measured; `raw` takes any file, whose delivered type is sniffed from an allow-list
 * (raw-file-type). One step of `uploadAsset` (upload-asset.ts), which is what to call: it
 * also does what the upload asks (incoming and eager transformations).
 */
export async function storeUploadedFile(
  input: UploadInput,
  resourceType: UploadResourceType,
  context: UploadContext,
): Promise<UploadResponse> {
  const { config } = context;
  checkSize(input.bytes, config);
  const format = detectSourceFormat(input.bytes);
  if (resourceType === 'raw') {
    const extension = filenameExtension(input.filename) ?? format;
    return keep(context.rawFiles, input, config, extension, (_, fields) => ({
      ...fields,
      resourceType: 'raw',
      contentType: rawContentType(input.bytes, format),
    }));
  }
  if (!format) {
    throw new MediaError('unsupported_file_type', `Unsupported file type; allowed: ${ALLOWED}`);
  }
  return keep(context.assets, input, config, undefined, async (temp, fields) => ({
    ...fields,
    format,
    ...(await measure(temp, format, fields.etag, context)),
  }));
}

function encodePublicId(publicId: string): string {
  return publicId.split('/').map(encodeURIComponent).join('/');
}

/**
 * Where an image asset's version is delivered: `/{cloud}/image/upload/[{transformation}/]
 * v{version}/{public id}.{extension}`, the upload answer's URL and those of its derivations.
 */
export function imageDeliveryPath(
  config: Pick<MediaConfig, 'cloudName'>,
  asset: { publicId: string; version: number },
  extension: string,
  transformation = '',
): string {
  const steps = transformation === '' ? '' : `${transformation}/`;
  return `/${config.cloudName}/image/upload/${steps}v${asset.version}/${encodePublicId(asset.publicId)}.${extension}`;
}

export function toResponse(
  record: AssetRecord | RawFileRecord,
  config: MediaConfig,
  folder: string,
  existing: boolean,
): UploadResponse {
  const raw = 'resourceType' in record;
  const path = raw
    ? `/${config.cloudName}/raw/upload/v${record.version}/${encodePublicId(record.publicId)}`
    : imageDeliveryPath(config, record, record.format);
  const url = `${config.publicUrl}${path}`;
  const response: UploadResponse = {
    asset_id: createHash('md5').update(`${config.cloudName}/${record.publicId}`).digest('hex'),
    public_id: record.publicId,
    version: record.version,
    version_id: createHash('md5').update(`${record.publicId}@${record.version}`).digest('hex'),
    signature: createSignature(
      { public_id: record.publicId, version: record.version },
      config.apiSecret,
    ),
    ...(raw ? {} : { width: record.width, height: record.height, format: record.format }),
    resource_type: raw ? 'raw' : 'image',
    created_at: record.createdAt,
    tags: record.tags ?? [],
    bytes: record.bytes,
    type: 'upload',
    etag: record.etag,
    placeholder: false,
    url,
    // One public origin serves both; it is https whenever MEDIA_PUBLIC_URL is.
    secure_url: url,
    asset_folder: folder,
    display_name: record.publicId.split('/').pop() ?? record.publicId,
    original_filename: record.originalFilename,
    api_key: config.apiKey,
  };
  // Cloudinary reports pages for documents and for animations (their frames).
  if (!raw && (record.format === 'pdf' || record.pages > 1)) response.pages = record.pages;
  if (record.context && Object.keys(record.context).length > 0) {
    response.context = { custom: record.context };
  }
  if (existing) response.existing = true;
  return response;
}
