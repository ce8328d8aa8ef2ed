import { execFileSync } from 'node:child_process';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium: CHROMIUM_PATH, else `chromium` on PATH. Browser tests are skipped without it. */
export const chromiumPath: string | undefined = process.env.CHROMIUM_PATH || findOnPath('chromium');

export const CHROMIUM_MISSING =
  'Browser tests skipped: Chromium not found. Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.';

if (!chromiumPath) console.warn(CHROMIUM_MISSING);

function findOnPath(command: string): string | undefined {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Launches headless Chromium with the flags this machine needs (no sandbox as root, no network chatter). */
export function launchChromium(): Promise<Browser> {
  if (!chromiumPath) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
