import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installationSecretsFile, readOrCreateInstallationSecrets } from './installation-secrets';

const TSX = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');

let dataDir: string;
let file: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-secrets-'));
  file = installationSecretsFile(dataDir);
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs `readOrCreateInstallationSecrets(file)` in a process of its own; resolves with what it read. */
function readInAnotherProcess(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`exited with ${code}`)),
    );
  });
}

describe('readOrCreateInstallationSecrets', () => {
  it('writes strong random secrets once, readable by their owner only, and reuses them', async () => {
    const secrets = readOrCreateInstallationSecrets(file);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(secrets);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(secrets.AUTH_SECRET, 'base64url')).toHaveLength(32);
    expect(Buffer.from(secrets.MEDIA_API_SECRET, 'base64url')).toHaveLength(32);
    expect(readOrCreateInstallationSecrets(file)).toEqual(secrets);
    // No half-written temporary file is left beside it.
    expect(await readdir(dataDir)).toEqual(['secrets.json']);
  });

  it('gives every part started at the same moment the same secrets', async () => {
    const script = path.join(dataDir, 'read-secrets.ts');
    await writeFile(
      script,
      `import { readOrCreateInstallationSecrets } from ${JSON.stringify(path.resolve(import.meta.dirname, 'installation-secrets.ts'))};\n` +
        'process.stdout.write(JSON.stringify(readOrCreateInstallationSecrets(process.argv[2])));\n',
    );
    const outputs = await Promise.all(
      Array.from({ length: 6 }, () => readInAnotherProcess(script)),
    );
    const stored = await readFile(file, 'utf8');
    for (const output of outputs) expect(JSON.parse(output)).toEqual(JSON.parse(stored));
    expect((await readdir(dataDir)).sort()).toEqual(['read-secrets.ts', 'secrets.json']);
  }, 60_000);

  it('refuses a file other users may read, saying how to fix it', async () => {
    readOrCreateInstallationSecrets(file);
    await chmod(file, 0o644);
    expect(() => readOrCreateInstallationSecrets(file)).toThrow(
      `${file} may be read or changed by other users (mode 644): run "chmod 600 ${file}", and delete it to generate new secrets if anyone else may have read it`,
    );
  });

  it('refuses a file with missing or too short secrets, naming them', async () => {
    await writeFile(
      file,
      JSON.stringify({ AUTH_SECRET: 'too-short', MEDIA_API_KEY: 'key', MEDIA_API_SECRET: 7 }),
      { mode: 0o600 },
    );
    expect(() => readOrCreateInstallationSecrets(file)).toThrow(
      `${file} is not a valid secrets file (bad or missing: AUTH_SECRET, MEDIA_API_SECRET): it must be a JSON object of AUTH_SECRET, MEDIA_API_KEY, MEDIA_API_SECRET; fix it, or delete it to generate new secrets`,
    );
  });

  it('takes secrets an operator wrote into the file', async () => {
    const own = {
      AUTH_SECRET: 'an-operator-secret-of-at-least-32-chars',
      MEDIA_API_KEY: 'operator-key',
      MEDIA_API_SECRET: 'operator-secret',
    };
    await writeFile(file, JSON.stringify(own), { mode: 0o600 });
    expect(readOrCreateInstallationSecrets(file)).toEqual(own);
  });

  it('says where it cannot write', async () => {
    const notAFolder = path.join(dataDir, 'plain-file');
    await writeFile(notAFolder, '');
    const inside = installationSecretsFile(notAFolder);
    expect(() => readOrCreateInstallationSecrets(inside)).toThrow(
      `cannot keep the generated secrets in ${inside} (ENOTDIR): DATA_DIR must be a folder this user may write, or set the secrets yourself`,
    );
  });
});
