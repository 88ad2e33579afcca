import type { IncomingMessage, ServerResponse } from 'node:http';
import { LruMap } from '../lru-map';

/**
 * Hot answers: the derived images the service has just answered, by URL, served again straight
 * from the node:http request handler, before Fastify routes, parses the URL or hashes a
 * derivation key. A cached hit through Fastify ran at half the speed of node:http answering the
 * same bytes; most of the time went to routing, hooks and re-deriving the key.
 *
 * An entry is kept only for answers that depend on nothing but the URL (and `Accept`, when the
 * answer varies on it): derived 200s, without client hints. It is served only while everything
 * the answer was made from is still what the normal path would read at this moment, checked on
 * every hit (`DependencyCheck`): the asset records involved (the image, a `d_` default and
 * whether the asset itself is still missing, image layers) and the named transformations used.
 * Those are re-read from disk at most once a second, like the normal path's, so an overwrite,
 * a delete or a redefinition (here or in another process sharing the folder) is never served
 * stale for longer than the normal path would serve it. The body is not held here: it is the
 * delivery's memory cache entry, so the bytes are counted once, in `MEDIA_MEMORY_CACHE_MB`.
 */

/** What an answer was made from, as the normal path read it. */
export type Dependency =
  | { kind: 'asset'; publicId: string; etag?: string; version?: number }
  | { kind: 'named'; name: string; definition: string };

export interface DependencyCheck {
  /**
   * The asset's record as the normal path would read it now (undefined: missing), or `stale`
   * when it would re-read the file first.
   */
  asset(publicId: string): { etag: string; version: number } | undefined | 'stale';
  named(name: string): string | undefined | 'stale';
}

export interface HotAnswer {
  /** Every header of the 200 answer (Content-Length included), as the normal path sends them. */
  headers: Readonly<Record<string, string>>;
  etag: string;
  /** Where the body lives in the delivery's memory cache. */
  memoryKey: string;
  /** Whether the answer differs by `Accept` (f_auto). */
  variesByAccept: boolean;
  dependencies: readonly Dependency[];
}

/** Entries kept (each a few hundred bytes of headers: the bodies are the memory cache's). */
export const MAX_HOT_ANSWERS = 10_000;

/** Marks a URL whose answers are kept per `Accept` header. */
const BY_ACCEPT = Symbol('by accept');

type Entry = HotAnswer | typeof BY_ACCEPT;

function stillValid(dependencies: readonly Dependency[], check: DependencyCheck): boolean {
  for (const dependency of dependencies) {
    if (dependency.kind === 'asset') {
      const now = check.asset(dependency.publicId);
      if (now === 'stale') return false;
      if (now === undefined ? dependency.etag !== undefined : now.etag !== dependency.etag) {
        return false;
      }
      if (now !== undefined && now.version !== dependency.version) return false;
    } else if (check.named(dependency.name) !== dependency.definition) {
      return false;
    }
  }
  return true;
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

export class HotAnswers {
  private readonly entries: LruMap<string, Entry>;

  constructor(
    private readonly check: DependencyCheck,
    private readonly bodies: (memoryKey: string) => Uint8Array | undefined,
    maxEntries = MAX_HOT_ANSWERS,
  ) {
    this.entries = new LruMap(maxEntries);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Remembers the answer the normal path just gave for `url` (query string ignored). */
  remember(url: string, accept: string, answer: HotAnswer): void {
    const path = pathOf(url);
    if (answer.variesByAccept) {
      this.entries.set(path, BY_ACCEPT);
      this.entries.set(`${path}\n${accept}`, answer);
    } else {
      this.entries.set(path, answer);
    }
  }

  /**
   * Answers the request when it holds a valid answer for it; false sends it down the normal
   * path (which remembers its answer again when it may).
   */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const { method, headers } = request;
    if ((method !== 'GET' && method !== 'HEAD') || headers.range !== undefined) return false;
    const path = pathOf(request.url ?? '');
    let entry = this.entries.get(path);
    if (entry === BY_ACCEPT) entry = this.entries.get(`${path}\n${headers.accept ?? ''}`);
    if (entry === undefined || entry === BY_ACCEPT) return false;
    if (!stillValid(entry.dependencies, this.check)) return false;
    const body = this.bodies(entry.memoryKey);
    if (body === undefined) return false;
    const ifNoneMatch = headers['if-none-match'];
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, entry.etag)) {
      const { 'content-length': _length, ...notModified } = entry.headers;
      response.writeHead(304, notModified).end();
      return true;
    }
    response.writeHead(200, entry.headers);
    response.end(method === 'HEAD' ? undefined : body);
    return true;
  }
}

/** `If-None-Match` against an entity tag (weak comparison, `*` matches anything). */
export function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}
