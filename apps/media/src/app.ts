import { timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { LogStream } from '@coursepack/service-log/log-stream';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { addChunk, readChunkHeaders } from './assemble-chunks';
import { AssetStore, type RawFileRecord } from './asset-store';
import type { MediaConfig } from './config';
import {
  type Delivery,
  type DeliveryHooks,
  DeliveryService,
  type OriginalDelivery,
} from './delivery-service';
import { parseRawDeliveryPath, validateTransformation } from './grammar/parse-delivery-path';
import { assertValidPublicId } from './grammar/public-id';
import { HotAnswers, matchesEtag } from './hot-answers';
import { MediaError } from './media-error';
import { NamedTransformations, readName } from './named-transformations';
import { PdfRenderer } from './pdf-renderer';
import { rawDelivery, SANDBOX_POLICY } from './raw-file-type';
import type { UploadResourceType } from './store-upload';
import { storeUploadAsAsked } from './store-upload-as-asked';
import { verifySignedRequest } from './verify-signed-request';

export interface MediaAppOptions {
  /** Test seams: count and slow down derivation jobs. */
  hooks?: DeliveryHooks;
  /** Pino logging; off by default in tests. */
  logger?: boolean;
  /** Where log lines go instead of stdout's JSON lines (`createLogStream`). */
  logStream?: LogStream;
  /** Serve repeated derived answers before routing (HotAnswers); on unless false (tests). */
  hotAnswers?: boolean;
  /** Test seam: called with the URL of every hot answer. */
  onHotAnswer?: (url: string) => void;
}

/**
 * On every answer: CORS (pages read the status and `x-cld-error`), and `nosniff`, so no
 * browser ever guesses a type other than the one sent (a PDF or a raw file as a page).
 */
const EVERY_ANSWER_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Cld-Error',
  'timing-allow-origin': '*',
  'x-content-type-options': 'nosniff',
};
const ONE_MONTH = 30 * 24 * 3600;
const FINAL_CACHE = `public, max-age=${ONE_MONTH}, immutable`;
const REVALIDATED_CACHE = 'public, max-age=60, must-revalidate';
/** `auto` stores images (PDFs included); `raw` (upload_large's default) keeps files as they are. */
const RESOURCE_TYPES = new Set(['image', 'auto', 'raw']);
/**
 * Fastify's own defaults, which it applies only to servers it creates itself: keep-alive for
 * 72 s, and no time limit on a whole request (Node's 300 s would cut slow large uploads).
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
const REQUEST_TIMEOUT_MS = 0;

/** Every header of a derived answer but CORS's: one list for Fastify's path and HotAnswers. */
function derivedHeaders(result: Delivery): Record<string, string> {
  const headers: Record<string, string> = {
    // Only the current version's answer is final; anything else (no version, the SDKs' `v1`
    // placeholder, an old version) must see a replacement soon, cheaply revalidated by ETag.
    'cache-control': result.current ? FINAL_CACHE : REVALIDATED_CACHE,
    etag: result.etag,
  };
  if (result.attachment !== undefined)
    headers['content-disposition'] = attachment(result.attachment);
  if (result.vary.length > 0) headers.vary = result.vary.join(', ');
  if (result.approximation) headers['x-media-approximation'] = result.approximation;
  if (result.downscaledFrom) {
    const { width, height } = result.downscaledFrom;
    headers['x-media-downscaled'] = `${width}x${height}`;
  }
  headers['x-media-cache'] = result.cache;
  headers['content-type'] = result.contentType;
  return headers;
}

/** Public ids may be Unicode: an ASCII name for old clients, the exact one in filename*. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

type Fields = Record<string, string>;

/** Form fields as Cloudinary's SDKs send them; `tags[]`-style arrays join with commas. */
function normaliseFields(entries: Iterable<[string, unknown]>): Fields {
  const fields: Fields = {};
  for (const [rawKey, value] of entries) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      continue;
    }
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    fields[key] =
      key in fields && rawKey.endsWith('[]') ? `${fields[key]},${value}` : String(value);
  }
  return fields;
}

/** A `file` sent as a field: a base64 data URI (remote URLs would let callers make us fetch). */
function decodeFileField(value: string): Uint8Array {
  const match = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(
    value,
  );
  if (match) return Buffer.from(match[1] as string, 'base64');
  if (/^(https?|s3|gs|ftp):/i.test(value)) {
    throw new MediaError(
      'invalid_request',
      'Remote file URLs are not supported; upload the file itself',
    );
  }
  throw new MediaError(
    'invalid_request',
    'Invalid file: expected a file part or a base64 data URI',
  );
}

/** The most bytes a request body may have: the largest file as base64 (a third more) and fields. */
function maxBodyBytes(config: MediaConfig): number {
  return Math.ceil((config.maxUploadBytes * 4) / 3) + 1024 * 1024;
}

function bodyTooLarge(config: MediaConfig, declared?: number): MediaError {
  const limit = maxBodyBytes(config);
  const files = `files of up to ${config.maxUploadBytes} bytes`;
  return new MediaError(
    'payload_too_large',
    declared === undefined
      ? `File size too large. The request body passed ${limit} bytes, the most accepted (${files}).`
      : `File size too large. The request body has ${declared} bytes; the most accepted is ${limit} (${files}).`,
  );
}

/** How long, and how much of, the rest of a refused body is read and dropped before closing. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * An answer sent before its request's body was read (a refused upload). Node would read the
 * rest to its end to keep the connection (gigabytes, for a hostile upload); closing at once
 * resets a connection whose body is still arriving, and the client may lose the answer. So,
 * as nginx's lingering close does, the rest is read and dropped for a moment, then the
 * connection is closed (kept when the body ends meanwhile).
 */
function closeAfterAnswer(raw: IncomingMessage, response: ServerResponse): void {
  response.once('finish', () => {
    if (raw.complete) return;
    // Destroying a request whose body is unfinished closes its connection.
    const close = () => raw.destroy();
    const timer = setTimeout(close, LINGER_MS).unref();
    raw.socket?.once('close', () => clearTimeout(timer));
    raw.once('end', () => clearTimeout(timer));
    let discarded = 0;
    raw.on('data', (chunk: Buffer) => {
      discarded += chunk.byteLength;
      if (discarded > LINGER_BYTES) close();
    });
    raw.resume();
  });
}

/**
 * Stops reading a multipart body once it passes the limit, however it is sent (chunked, or
 * longer than it said): the multipart reader fails with 413 and, the body being unread, the
 * answer closes the connection (`sendError`). Fastify counts the bodies it parses itself.
 */
function stopAtLimit(raw: IncomingMessage, config: MediaConfig): () => void {
  const limit = maxBodyBytes(config);
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received <= limit) return;
    raw.off('data', count);
    raw.unpipe();
    raw.pause();
    // The multipart reader listens for request errors and ends its parts with this one.
    raw.emit('error', bodyTooLarge(config));
  };
  raw.on('data', count);
  return () => raw.off('data', count);
}

async function readUploadRequest(
  request: FastifyRequest,
  config: MediaConfig,
): Promise<{ fields: Fields; file?: Uint8Array; filename?: string }> {
  if (request.isMultipart()) {
    const stopCounting = stopAtLimit(request.raw, config);
    const entries: [string, unknown][] = [];
    let file: Uint8Array | undefined;
    let filename: string | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) {
            await part.toBuffer();
            throw new MediaError('invalid_request', `Unexpected file field ${part.fieldname}`);
          }
          file = await part.toBuffer();
          filename = part.filename;
        } else {
          entries.push([part.fieldname, part.value]);
        }
      }
    } catch (error) {
      throw fromMultipartError(error);
    } finally {
      stopCounting();
    }
    const fields = normaliseFields(entries);
    if (!file && fields.file) file = decodeFileField(fields.file);
    return { fields, file, filename };
  }
  const fields = readBodyFields(request.body);
  return { fields, file: fields.file ? decodeFileField(fields.file) : undefined };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function unsignedParams(fields: Fields): Fields {
  const { file: _file, ...rest } = fields;
  return rest;
}

/**
 * Multipart parsing errors: our own and Fastify's limit errors (codes `FST_…`) keep their
 * meaning; anything else is the parser giving up on a malformed or truncated body, which is
 * the client's fault, not a 500.
 */
function fromMultipartError(error: unknown): unknown {
  if (error instanceof MediaError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new MediaError('invalid_request', `Malformed multipart body: ${reason}`, {
    cause: error,
  });
}

/**
 * Header values must be Latin-1 and Node refuses anything outside it (a `–` in a message once
 * turned a clean 400 into a framework error): keep printable ASCII, percent-encode the rest.
 */
function toHeaderValue(message: string): string {
  return message.replace(/[^\x20-\x7e]/gu, (character) => encodeURIComponent(character));
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: MediaError): FastifyReply {
  // Set here as well as in onRequest: errors Fastify raises before routing skip the hooks.
  reply.headers(EVERY_ANSWER_HEADERS);
  if (!request.raw.complete) closeAfterAnswer(request.raw, reply.raw);
  if (request.url.startsWith('/v1_1/')) {
    return reply.code(error.status).send({ error: { message: error.message } });
  }
  return reply
    .code(error.status)
    .header('x-cld-error', toHeaderValue(error.message))
    .header('cache-control', error.status === 423 || error.status === 503 ? 'no-store' : 'no-cache')
    .header('retry-after', error.status === 423 ? '1' : error.retryAfterSeconds?.toString())
    .type('text/plain; charset=utf-8')
    .send(error.message);
}

/**
 * The single byte range a `Range` header asks for, or undefined for the whole file (no header,
 * several ranges, or an `If-Range` naming another version). Unsatisfiable ranges throw 416.
 */
function requestedRange(
  request: FastifyRequest,
  etag: string,
  size: number,
): { start: number; end: number } | undefined {
  const header = headerValue(request.headers.range);
  const ifRange = headerValue(request.headers['if-range']);
  if (!header || (ifRange !== undefined && ifRange !== etag)) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1] as string, match[2] as string];
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) {
    throw new MediaError(
      'range_not_satisfiable',
      `Range not satisfiable: ${header} (the file has ${size} bytes)`,
    );
  }
  return { start, end };
}

/** The stored original, byte for byte, with ETag revalidation and single byte ranges. */
function sendOriginal(
  request: FastifyRequest,
  reply: FastifyReply,
  original: OriginalDelivery,
): FastifyReply {
  reply.header('accept-ranges', 'bytes').header('x-media-cache', 'original');
  const ifNoneMatch = headerValue(request.headers['if-none-match']);
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, original.etag)) {
    return reply.code(304).send();
  }
  reply.type(original.contentType);
  let range: { start: number; end: number } | undefined;
  try {
    range = requestedRange(request, original.etag, original.bytes);
  } catch (error) {
    reply.header('content-range', `bytes */${original.bytes}`);
    throw error;
  }
  if (!range) {
    return reply.header('content-length', original.bytes).send(createReadStream(original.path));
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${original.bytes}`)
    .header('content-length', range.end - range.start + 1)
    .send(createReadStream(original.path, range));
}

/** Framework errors (body limits, malformed multipart) in the service's own terms. */
function fromFrameworkError(
  error: Error & { code?: string; statusCode?: number },
  config: MediaConfig,
): MediaError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge(config);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new MediaError(
        'limit_exceeded',
        `File size too large. Maximum is ${config.maxUploadBytes}.`,
      );
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new MediaError('invalid_request', 'Too many form parts');
    default:
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return new MediaError('invalid_request', error.message);
      }
      return new MediaError('derivation_failed', 'Internal error', { cause: error });
  }
}

export async function buildMediaApp(
  config: MediaConfig,
  options: MediaAppOptions = {},
): Promise<FastifyInstance> {
  const assets = new AssetStore(config.mediaDir);
  // Raw files are another namespace, as at Cloudinary: `x` may be an image and a raw file.
  const rawFiles = new AssetStore<RawFileRecord>(path.join(config.mediaDir, 'raw'));
  const pdf = new PdfRenderer({
    workers: config.pdfWorkers,
    heapMb: config.pdfWorkerHeapMb,
    timeoutMs: config.pdfRenderTimeoutMs,
    maxRenderGrowthMb: config.pdfMaxRenderGrowthMb,
    maxContentBytes: config.pdfMaxContentBytes,
    maxImagePixels: config.maxSourcePixels,
    maxPageImageBytes: config.pdfMaxPageImageBytes,
    workersPerDocument: config.pdfWorkersPerDocument,
    maxQueuedPerDocument: config.pdfMaxQueuedPerDocument,
    breaker: {
      timeouts: config.pdfBreakerTimeouts,
      coolDownMs: config.pdfBreakerCoolDownMs,
      maxCoolDownMs: config.pdfBreakerMaxCoolDownMs,
    },
  });
  const named = new NamedTransformations(config.mediaDir);
  const delivery = new DeliveryService(config, assets, pdf, named, options.hooks);
  const hot =
    options.hotAnswers === false
      ? undefined
      : new HotAnswers(
          {
            asset: (publicId) => assets.peek(publicId),
            named: (name) => named.peek(name),
          },
          (memoryKey) => delivery.cachedBody(memoryKey),
        );

  const logsRequests =
    options.logger === true && ['trace', 'debug', 'info'].includes(config.logLevel);
  const app = Fastify({
    // Hot answers go out before Fastify sees the request (no routing or hooks), so they log
    // their own line in place of Fastify's "request completed".
    serverFactory: (handler) => {
      const server = createServer((request, response) => {
        const started = performance.now();
        if (!hot?.serve(request, response)) {
          handler(request, response);
          return;
        }
        options.onHotAnswer?.(request.url ?? '');
        if (!logsRequests) return;
        app.log.info(
          {
            req: { method: request.method, url: request.url },
            res: { statusCode: response.statusCode },
            responseTime: performance.now() - started,
            hot: true,
          },
          'request completed',
        );
      });
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.requestTimeout = REQUEST_TIMEOUT_MS;
      return server;
    },
    logger: options.logger ? { level: config.logLevel, stream: options.logStream } : false,
    // Base64 and data-URI uploads are a third larger than the file.
    bodyLimit: maxBodyBytes(config),
    routerOptions: { maxParamLength: 2_048 },
    // Malformed percent-escapes in the path fail before routing: answer them like any error.
    frameworkErrors: (error, request, reply) => {
      const mediaError =
        error.code === 'FST_ERR_BAD_URL'
          ? new MediaError('invalid_request', 'Invalid URL: malformed percent-escape in the path')
          : fromFrameworkError(error, config);
      sendError(request, reply, mediaError);
    },
  });
  await app.register(multipart, {
    limits: {
      fileSize: config.maxUploadBytes,
      files: 1,
      fields: 100,
      fieldSize: Math.ceil((config.maxUploadBytes * 4) / 3) + 1024,
      parts: 102,
    },
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(EVERY_ANSWER_HEADERS);
    // Refused before a byte of the body is read.
    const declared = Number(request.headers['content-length']);
    if (declared > maxBodyBytes(config)) throw bodyTooLarge(config, declared);
  });
  app.addHook('onClose', async () => {
    await pdf.close();
  });

  app.setErrorHandler((error, request, reply) => {
    const mediaError =
      error instanceof MediaError ? error : fromFrameworkError(error as Error, config);
    if (mediaError.status >= 500) request.log.error({ err: error }, 'media request failed');
    return sendError(request, reply, mediaError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new MediaError('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`),
    ),
  );

  // GET /healthz – liveness
  app.get('/healthz', async () => ({ status: 'ok' }));

  // OPTIONS * – CORS preflight for browsers posting to the upload API
  app.options('/*', async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, HEAD, POST, OPTIONS')
      // upload_large sends each chunk with these two.
      .header(
        'access-control-allow-headers',
        'Content-Type, X-Requested-With, X-Unique-Upload-Id, Content-Range',
      )
      .header('access-control-max-age', '86400')
      .send(),
  );

  // GET /{cloud}/image/upload/{transformations}/v{version}/{public_id}.{ext} – delivery
  app.get('/:cloud/image/upload/*', async (request, reply) => {
    // The raw path: query strings (the SDKs' ?_a=, our reload timestamps) are ignored.
    const pathname = (request.raw.url ?? '').split('?')[0] as string;
    const result = await delivery.deliver(pathname, request.headers);
    if (result.kind === 'original') {
      reply
        .header('cache-control', result.current ? FINAL_CACHE : REVALIDATED_CACHE)
        .header('etag', result.etag);
      if (result.attachment !== undefined) {
        reply.header('content-disposition', attachment(result.attachment));
      }
      return sendOriginal(request, reply, result);
    }
    reply.headers(derivedHeaders(result));
    if (result.status === 304 || result.body === undefined) return reply.code(304).send();
    // Client hints change the answer for the same URL and Accept: those are not kept.
    if (hot && result.vary.every((name) => name === 'Accept')) {
      hot.remember(request.raw.url ?? '', headerValue(request.headers.accept) ?? '', {
        headers: {
          ...EVERY_ANSWER_HEADERS,
          ...derivedHeaders({ ...result, cache: 'memory' }),
          'content-length': String(result.body.byteLength),
        },
        etag: result.etag,
        memoryKey: result.memoryKey,
        variesByAccept: result.vary.includes('Accept'),
        dependencies: result.dependencies,
      });
    }
    return reply.send(result.body);
  });

  // GET /{cloud}/raw/upload/v{version}/{public_id} – a raw file, as stored
  app.get('/:cloud/raw/upload/*', async (request, reply) => {
    const pathname = (request.raw.url ?? '').split('?')[0] as string;
    const { cloudName, publicId, version } = parseRawDeliveryPath(pathname);
    const file = cloudName === config.cloudName ? await rawFiles.get(publicId) : undefined;
    if (!file) throw new MediaError('not_found', `Resource not found - ${publicId}`);
    const current = version === file.version;
    const { contentType, inline } = rawDelivery(file);
    // Whatever was uploaded, it never runs as a page of this origin (see raw-file-type).
    reply
      .header('cache-control', current ? FINAL_CACHE : REVALIDATED_CACHE)
      .header('etag', `"${file.etag}"`);
    if (!inline) {
      reply
        .header('content-disposition', attachment(publicId.split('/').pop() ?? publicId))
        .header('content-security-policy', SANDBOX_POLICY);
    }
    return sendOriginal(request, reply, {
      kind: 'original',
      path: rawFiles.originalPath(publicId),
      contentType,
      bytes: file.bytes,
      etag: `"${file.etag}"`,
      current,
    });
  });

  // POST /v1_1/{cloud}/{image|auto|raw}/upload – signed upload (Cloudinary's Upload API)
  app.post<{ Params: { cloud: string; resourceType: string } }>(
    '/v1_1/:cloud/:resourceType/upload',
    async (request) => {
      const { cloud, resourceType } = request.params;
      if (cloud !== config.cloudName)
        throw new MediaError('not_found', `Unknown cloud name ${cloud}`);
      if (!RESOURCE_TYPES.has(resourceType)) {
        throw new MediaError(
          'invalid_request',
          `Unsupported resource type ${resourceType}; use image, auto or raw`,
        );
      }
      const chunk = readChunkHeaders(
        headerValue(request.headers['x-unique-upload-id']),
        headerValue(request.headers['content-range']),
        config.maxUploadBytes,
      );
      const { fields, file: part, filename } = await readUploadRequest(request, config);
      verifySignedRequest(unsignedParams(fields), config);
      if (!part) throw new MediaError('invalid_request', 'Missing required parameter - file');
      const file = chunk ? await addChunk(config.mediaDir, chunk, part) : part;
      if (!file) return { done: false, upload_id: chunk?.uploadId };
      const type: UploadResourceType = resourceType === 'raw' ? 'raw' : 'image';
      return storeUploadAsAsked({ bytes: file, filename, params: unsignedParams(fields) }, type, {
        config,
        assets,
        rawFiles,
        pdf,
        lane: delivery.lane,
        delivery,
      });
    },
  );

  // POST /v1_1/{cloud}/{image|raw}/destroy – signed delete of an asset and its derivations
  app.post<{ Params: { cloud: string; resourceType: string } }>(
    '/v1_1/:cloud/:resourceType/destroy',
    async (request) => {
      const { cloud, resourceType } = request.params;
      if (cloud !== config.cloudName)
        throw new MediaError('not_found', `Unknown cloud name ${cloud}`);
      if (resourceType !== 'image' && resourceType !== 'raw') {
        throw new MediaError(
          'invalid_request',
          `Unsupported resource type ${resourceType}; use image or raw`,
        );
      }
      const { fields } = await readUploadRequest(request, config);
      verifySignedRequest(fields, config);
      const publicId = fields.public_id;
      if (!publicId)
        throw new MediaError('invalid_request', 'Missing required parameter - public_id');
      assertValidPublicId(publicId);
      const existed = await (resourceType === 'raw' ? rawFiles : assets).remove(publicId);
      if (resourceType === 'image') delivery.forget(publicId);
      return { result: existed ? 'ok' : 'not found' };
    },
  );

  // /v1_1/{cloud}/transformations – named transformations (Cloudinary's Admin API, Basic auth)
  app.route<{ Params: { cloud: string }; Querystring: Record<string, string | undefined> }>({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/v1_1/:cloud/transformations',
    handler: async (request, reply) => {
      if (request.params.cloud !== config.cloudName) {
        throw new MediaError('not_found', `Unknown cloud name ${request.params.cloud}`);
      }
      verifyBasicAuth(headerValue(request.headers.authorization), config);
      const params = { ...request.query, ...readBodyFields(request.body) };
      if (request.method === 'GET' && params.transformation === undefined) {
        const all = await named.list();
        return {
          transformations: all.map(({ name }) => ({ name: `t_${name}`, named: true, used: false })),
        };
      }
      const name = readName(request.method === 'POST' ? params.name : params.transformation);
      const existing = await named.get(name);
      switch (request.method) {
        case 'GET':
          if (existing === undefined) throw notDefined(name);
          return { name: `t_${name}`, named: true, used: false, transformation: existing };
        case 'POST': {
          if (existing !== undefined) {
            throw new MediaError('conflict', `Named transformation t_${name} already exists`);
          }
          const definition = params.transformation ?? '';
          validateTransformation(definition, config.maxTransformations);
          await named.set(name, definition);
          return reply.send({ message: 'created' });
        }
        case 'PUT': {
          if (existing === undefined) throw notDefined(name);
          const definition = params.unsafe_update ?? '';
          validateTransformation(definition, config.maxTransformations);
          await named.set(name, definition);
          return { message: 'updated' };
        }
        default:
          if (!(await named.remove(name))) throw notDefined(name);
          return { message: 'deleted' };
      }
    },
  });

  return app;
}

function notDefined(name: string): MediaError {
  return new MediaError('not_found', `Transformation t_${name} not found`);
}

/** Form or JSON fields of an admin API call (GET carries them in the query instead). */
function readBodyFields(body: unknown): Record<string, string> {
  return body instanceof URLSearchParams
    ? normaliseFields(body.entries())
    : normaliseFields(Object.entries((body as Record<string, unknown> | undefined) ?? {}));
}

/** The Admin API authenticates with HTTP Basic: the API key and secret. */
function verifyBasicAuth(header: string | undefined, config: MediaConfig): void {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '')?.[1];
  const [key, secret = ''] = Buffer.from(encoded ?? '', 'base64')
    .toString('utf8')
    .split(/:(.*)/s);
  const expected = Buffer.from(config.apiSecret);
  const given = Buffer.from(secret);
  if (
    key !== config.apiKey ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    throw new MediaError('invalid_signature', 'Invalid credentials: use the API key and secret');
  }
}
