import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findListeningPid } from '../support/find-listening-pid';
import { useRunningProduct } from '../support/use-running-product';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'resilience');

const running = useRunningProduct(SCREENSHOTS, { expectStoppedMessage: true });

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return 0;
  }
}

/** Polls until `check` holds, failing with what `npm start` printed if it never does. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not happen:\n${running.product.output().slice(-4000)}`);
}

/** Waits until `npm start` has printed `line`. */
async function reported(line: string): Promise<void> {
  await eventually(async () => running.product.output().includes(line), `"${line}" being printed`);
}

/** Kills the process listening on `port` outright, as the OOM killer would; returns its pid. */
async function killListener(port: number): Promise<number> {
  const pid = await findListeningPid(port);
  if (pid === undefined) throw new Error(`nothing listens on port ${port}`);
  process.kill(pid, 'SIGKILL');
  return pid;
}

describe('npm start keeps the product running when one part crashes', () => {
  it('restarts a killed media service while the web app goes on serving', async () => {
    const { ports, baseUrl } = running.product;
    const mediaHealth = `http://127.0.0.1:${ports.media}/healthz`;
    const killed = await killListener(ports.media);

    await reported('media stopped unexpectedly (');
    expect(running.product.output()).toMatch(
      /media stopped unexpectedly \([^)]+\); restarting in 1 s \(restart 1\)/,
    );
    expect(await status(`${baseUrl}/api/health`)).toBe(200);

    await eventually(async () => (await status(mediaHealth)) === 200, 'media answering again');
    // npm start says so once its own health poll has seen it, which may be a poll after ours.
    await reported('media is running again');
    const restarted = await findListeningPid(ports.media);
    expect(restarted).toBeDefined();
    expect(restarted).not.toBe(killed);
  });

  it('restarts a killed collector and a killed web app', async () => {
    const { ports, baseUrl } = running.product;
    await killListener(ports.collector);
    await killListener(ports.web);
    await eventually(
      async () => (await status(`http://127.0.0.1:${ports.collector}/healthz`)) === 200,
      'the collector answering again',
    );
    await eventually(async () => (await status(baseUrl)) === 200, 'the home page answering again');
    await reported('collector is running again');
    await reported('web is running again');
  });

  it('restarts a killed embedded PostgreSQL on the same port, and pages work again', async () => {
    const { dataDir, baseUrl } = running.product;
    const postmasterPid = Number(
      (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    expect(postmasterPid).toBeGreaterThan(0);
    process.kill(postmasterPid, 'SIGKILL');

    await reported('PostgreSQL is running again');
    await eventually(async () => (await status(baseUrl)) === 200, 'the home page answering again');
    const page = await running.browser.newPage();
    await page.goto(`${baseUrl}/courses`);
    expect(await page.locator('main a[href^="/courses/"]').count()).toBeGreaterThan(0);
    await page.close();
  });
});
