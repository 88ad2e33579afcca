import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgresServer } from './postgres-server';

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const isRoot = process.getuid?.() === 0;
const cleanups: string[] = [];
afterAll(async () => {
  for (const dir of cleanups) await rm(dir, { recursive: true, force: true });
});

describe('startPostgresServer', () => {
  it('keeps committed data across a stop and a restart on the same data directory', async () => {
    // mkdtemp makes a 0700 folder: as root this also exercises the fallback location.
    const base = await mkdtemp(path.join(os.tmpdir(), 'coursepack-pg-persist-'));
    cleanups.push(base);
    const first = await startPostgresServer({ dataDir: path.join(base, 'pg') });
    await query(
      first.url,
      'CREATE TABLE kept (value text); INSERT INTO kept VALUES ($$still here$$)',
    );
    await first.stop();

    const second = await startPostgresServer({ dataDir: path.join(base, 'pg') });
    try {
      expect(await query(second.url, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);
    } finally {
      await second.stop();
      await rm(second.dataDir, { recursive: true, force: true });
      await rm(`${second.dataDir}.password`, { force: true });
    }
  });

  it.runIf(isRoot)(
    'runs as an unprivileged user and moves data it cannot reach to a shared folder',
    async () => {
      const privateBase = await mkdtemp(path.join(os.tmpdir(), 'coursepack-pg-private-'));
      cleanups.push(privateBase);
      const requested = path.join(privateBase, 'data', 'postgres');
      const lines: string[] = [];
      const server = await startPostgresServer({
        dataDir: requested,
        ephemeral: true,
        log: (line) => lines.push(line),
      });
      try {
        expect(server.dataDir).not.toBe(requested);
        expect(server.dataDir.startsWith('/var/lib/coursepack/')).toBe(true);
        expect(lines.join('\n')).toContain(`cannot reach ${requested}`);
        // postmaster.pid is written by the server process itself: its owner is the user it runs as.
        const { uid } = await stat(path.join(server.dataDir, 'postmaster.pid'));
        expect(uid).toBeGreaterThan(0);
      } finally {
        await server.stop();
        await rm(`${server.dataDir}.password`, { force: true });
      }
      expect(existsSync(server.dataDir)).toBe(false);
    },
  );

  it('explains a port that is already taken instead of hanging', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'coursepack-pg-port-'));
    cleanups.push(base);
    const first = await startPostgresServer({ dataDir: path.join(base, 'a'), ephemeral: true });
    try {
      await expect(
        startPostgresServer({ dataDir: path.join(base, 'b'), port: first.port, ephemeral: true }),
      ).rejects.toThrow(/PostgreSQL exited during start-up/);
    } finally {
      await first.stop();
    }
  });
});
