import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** The secrets every installation needs, with the shortest value each service accepts. */
export const SECRET_MIN_LENGTHS = {
  AUTH_SECRET: 32,
  MEDIA_API_KEY: 1,
  MEDIA_API_SECRET: 8,
} as const;

export type SecretName = keyof typeof SECRET_MIN_LENGTHS;
export type Secrets = Record<SecretName, string>;

export const SECRET_NAMES = Object.keys(SECRET_MIN_LENGTHS) as SecretName[];

/** Where a start without the operator's own secrets keeps the ones it generated. */
export function installationSecretsFile(dataDir: string): string {
  return path.join(dataDir, 'secrets.json');
}

function generateSecrets(): Secrets {
  return {
    // 256 random bits: HS256 and the session cookies' HMAC get a key as strong as the hash.
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    // Names the installation in signed requests; only the secret has to be guessed.
    MEDIA_API_KEY: randomBytes(12).toString('hex'),
    MEDIA_API_SECRET: randomBytes(32).toString('base64url'),
  };
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

function unusable(file: string, error: unknown): Error {
  return new Error(
    `cannot keep the generated secrets in ${file} (${errorCode(error) ?? (error as Error).message}): DATA_DIR must be a folder this user may write, or set the secrets yourself`,
  );
}

/** The secrets in `file`, or undefined when there is no such file yet. */
function readSecretsFile(file: string): Secrets | undefined {
  let mode: number;
  let text: string;
  try {
    mode = statSync(file).mode & 0o777;
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw unusable(file, error);
  }
  // Windows has no such mode bits; there the folder's ACL decides who reads DATA_DIR.
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new Error(
      `${file} may be read or changed by other users (mode ${mode.toString(8)}): run "chmod 600 ${file}", and delete it to generate new secrets if anyone else may have read it`,
    );
  }
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch {
    content = undefined;
  }
  const fields = (content ?? {}) as Partial<Record<SecretName, unknown>>;
  const bad = SECRET_NAMES.filter((name) => {
    const value = fields[name];
    return typeof value !== 'string' || value.trim().length < SECRET_MIN_LENGTHS[name];
  });
  if (bad.length > 0) {
    throw new Error(
      `${file} is not a valid secrets file (bad or missing: ${bad.join(', ')}): it must be a JSON object of ${SECRET_NAMES.join(', ')}; fix it, or delete it to generate new secrets`,
    );
  }
  return Object.fromEntries(
    SECRET_NAMES.map((name) => [name, (fields[name] as string).trim()]),
  ) as Secrets;
}

/**
 * The installation's secrets from `file`, generated and written there (mode 0600) on first use.
 * Parts started at the same moment agree: the file appears complete or not at all, and the
 * first one written is the one every part reads. Throws an Error whose message says what is
 * wrong with an existing file and how to fix it.
 */
export function readOrCreateInstallationSecrets(file: string): Secrets {
  const existing = readSecretsFile(file);
  if (existing) return existing;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    const descriptor = openSync(temporary, 'wx', 0o600);
    try {
      writeSync(descriptor, `${JSON.stringify(generateSecrets(), null, 2)}\n`);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    try {
      // A link, unlike a rename, never replaces a file another part has just written.
      linkSync(temporary, file);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  } catch (error) {
    throw unusable(file, error);
  }
  const written = readSecretsFile(file);
  if (!written) throw unusable(file, new Error('it vanished as it was written'));
  return written;
}
