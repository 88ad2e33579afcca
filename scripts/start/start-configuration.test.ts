import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-start-configuration-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs `npm start`'s entry point with the given environment and collects what it prints. */
function start(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        AUTH_SECRET: '',
        MEDIA_API_KEY: '',
        MEDIA_API_SECRET: '',
        DATA_DIR: dataDir,
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm start with bad configuration', () => {
  it('stops before starting anything, naming every bad variable on its own line', async () => {
    const { code, output } = await start({
      WEB_PORT: 'abc',
      MEDIA_PORT: '99999',
      MEDIA_BASE_URL: 'nope',
    });
    expect(code).toBe(1);
    expect(output).toContain('WEB_PORT must be an integer between 1 and 65535 (got "abc")');
    expect(output).toMatch(/MEDIA_PORT must be an integer between 1 and 65535 \(got "99999"\)/);
    expect(output).toContain('MEDIA_BASE_URL must be an http(s) URL (got "nope")');
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).not.toContain('PostgreSQL');
    expect(output).not.toContain('generated for this installation');
  });

  it('refuses production without the secrets, each named once though several parts read it', async () => {
    const productionDataDir = path.join(dataDir, 'production');
    const { code, output } = await start({ NODE_ENV: 'production', DATA_DIR: productionDataDir });
    expect(code).toBe(1);
    for (const name of ['AUTH_SECRET', 'MEDIA_API_KEY', 'MEDIA_API_SECRET']) {
      expect(output.split(`${name} is required when NODE_ENV=production`)).toHaveLength(2);
    }
    expect(output).not.toContain('PostgreSQL');
    // Production never falls back to generated secrets.
    expect(existsSync(path.join(productionDataDir, 'secrets.json'))).toBe(false);
  });

  it('says which server it cannot reach for an unreachable DATABASE_URL, without the password', async () => {
    const { code, output } = await start({
      DATABASE_URL: 'postgres://someone:hunter2@127.0.0.1:1/coursepack',
      WEB_PORT: '0',
    });
    expect(code).toBe(1);
    expect(output).toContain('WEB_PORT must be an integer between 1 and 65535 (got "0")');

    const unreachable = await start({
      DATABASE_URL: 'postgres://someone:hunter2@127.0.0.1:1/coursepack',
      WEB_PORT: '39871',
      MEDIA_PORT: '39872',
      COLLECTOR_PORT: '39873',
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.output).toMatch(
      /DATABASE_URL: cannot connect to postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/coursepack/,
    );
    expect(unreachable.output).not.toContain('hunter2');
    expect(unreachable.output).not.toMatch(/\n\s+at /);
    // Once, by npm start, though four parts use them; no part warns of published values.
    const secretsFile = path.join(dataDir, 'secrets.json');
    expect(
      unreachable.output.split(
        `AUTH_SECRET, MEDIA_API_KEY, MEDIA_API_SECRET: generated for this installation, kept in ${secretsFile}`,
      ),
    ).toHaveLength(2);
    expect(unreachable.output).not.toMatch(/development value|WARNING/);
    expect((await stat(secretsFile)).mode & 0o777).toBe(0o600);
  });
});
