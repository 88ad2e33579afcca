import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium';

/**
 * Vitest global setup for the browser tests: a fresh machine may lack Chromium.
 * As root we install Debian's package; otherwise we say exactly what to run.
 */
export default function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM_PATH}. Install it with "sudo apt-get install chromium" (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  process.stdout.write('Installing Chromium (Debian package) for the browser tests…\n');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
