import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from '../media-error';
import { CachedJsonFiles } from './cached-json-files';

/**
 * Named transformations (`t_{name}` in delivery URLs), defined through the admin API and kept
 * as `{mediaDir}/named/{name}.json`. Like asset records they are re-read at most once a
 * second, so every process sharing the folder sees a change within a second.
 */

export interface NamedTransformation {
  name: string;
  /** The transformation it stands for: components chained with `/`. */
  transformation: string;
}

const NAME_SHAPE = /^[A-Za-z0-9][\w-]{0,63}$/;
const MAX_CACHED = 1_000;

/** `thumb` or `t_thumb` (the admin API accepts both), checked to be a safe file name. */
export function readName(raw: string | undefined): string {
  const name = (raw ?? '').replace(/^t_/, '');
  if (!NAME_SHAPE.test(name)) {
    throw new MediaError(
      'invalid_request',
      `Invalid transformation name ${JSON.stringify(raw ?? '')}: use letters, digits, _ and - (at most 64)`,
    );
  }
  return name;
}

export class NamedTransformations {
  private readonly cache = new CachedJsonFiles<NamedTransformation>(MAX_CACHED);

  constructor(private readonly mediaDir: string) {}

  private file(name: string): string {
    return path.join(this.mediaDir, 'named', `${name}.json`);
  }

  async get(name: string): Promise<string | undefined> {
    return (await this.cache.read(name, this.file(name)))?.transformation;
  }

  /** The definition as `get` would answer it now without reading, or `stale`. */
  peek(name: string): string | undefined | 'stale' {
    const cached = this.cache.peek(name);
    return cached === 'stale' ? cached : cached?.transformation;
  }

  async set(name: string, transformation: string): Promise<void> {
    const file = this.file(name);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, JSON.stringify({ name, transformation } satisfies NamedTransformation));
    await rename(temp, file);
    this.cache.remember(name, { name, transformation });
  }

  async remove(name: string): Promise<boolean> {
    const existed = (await this.get(name)) !== undefined;
    await rm(this.file(name), { force: true });
    this.cache.remember(name, undefined);
    return existed;
  }

  async list(): Promise<NamedTransformation[]> {
    const names = await readdir(path.join(this.mediaDir, 'named')).catch(() => []);
    const found = await Promise.all(
      names
        .filter((file) => file.endsWith('.json'))
        .map(async (file) => {
          const name = file.slice(0, -'.json'.length);
          const transformation = await this.get(name);
          return transformation === undefined ? undefined : { name, transformation };
        }),
    );
    return found.filter((entry) => entry !== undefined);
  }
}
