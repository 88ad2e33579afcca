import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium; no test tool may download a browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling Google's hosts,
// which this closed network refuses.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** `args` are added to the flags above (e.g. `--host-resolver-rules` for multi-label test hosts). */
export async function launchChromium(args: readonly string[] = []): Promise<Browser> {
  requireChromium();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...args],
    headless: true,
  });
}

/**
 * A browser with a profile of its own that accepts third-party cookies, as Chrome's default
 * profile does: Chromium here blocks them in every context `launchChromium()` makes (and
 * Chrome's incognito, Safari and Firefox's strict mode block them too). For embeds in other
 * sites. `close()` also removes the profile.
 */
export async function launchChromiumAllowingThirdPartyCookies(
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  requireChromium();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'coursepack-chromium-'));
  await mkdir(path.join(profile, 'Default'));
  // cookie_controls_mode 0: "allow third-party cookies" in Chromium's settings.
  await writeFile(
    path.join(profile, 'Default', 'Preferences'),
    JSON.stringify({ profile: { cookie_controls_mode: 0 } }),
  );
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  // Chromium may still be writing the profile as it exits: retry, and never fail a test on it.
  context.on('close', () => {
    rm(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }).catch(() => {});
  });
  return context;
}

function requireChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it with "apt-get install chromium" (as root) or set CHROMIUM_PATH.`,
    );
  }
}
