// Debian's Chromium for the bench's browser measurements, launched with the browser tests' flags
// (tests/helpers/chromium-launch.json).
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import launch from '../../tests/helpers/chromium-launch.json' with { type: 'json' };

/** An ordinary Chrome's user agent: a crawler's would get whole documents and no prefetching. */
export const PERSON_USER_AGENT = launch.personUserAgent;

/** CHROMIUM_PATH, else `chromium` on PATH; undefined without one. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Headless Chromium, or null when there is none. */
export function launchChromium() {
  const executablePath = chromiumPath();
  return executablePath ? chromium.launch({ executablePath, headless: true, args: launch.args }) : null;
}
