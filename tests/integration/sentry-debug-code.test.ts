import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Whether Sentry's debug logging can be switched on in a process started as `npm start` starts the built
 * server (instrument.mjs with --import). Sentry's packages compile it in unless `__SENTRY_DEBUG__` is false
 * before their first import; then `debug.enable()` does nothing.
 */
async function sentryDebugLoggingAfterInstrument(env: Record<string, string>): Promise<boolean> {
  const instrument = pathToFileURL(path.join(inject('buildDir'), 'server', 'instrument.mjs')).href;
  const script = [
    "const { debug } = await import('@sentry/core');",
    'debug.enable();',
    'console.log(JSON.stringify({ debugLogging: debug.isEnabled() }));',
  ].join(' ');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', instrument, '--input-type=module', '--eval', script],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH, COOKIE_SECRET: 'test-secret-test-secret-test-secret!', ...env },
      timeout: 20_000,
    },
  );
  const lastLine = stdout.trim().split('\n').at(-1) ?? '';
  return (JSON.parse(lastLine) as { debugLogging: boolean }).debugLogging;
}

describe("Sentry's debug code in the built server", () => {
  it('is left out when Sentry is on: no request formats log lines that nobody prints', async () => {
    expect(await sentryDebugLoggingAfterInstrument({ SENTRY_DSN: 'http://key@127.0.0.1:9/1' })).toBe(false);
  });

  it('is untouched without a DSN, when instrument.mjs loads nothing of Sentry', async () => {
    expect(await sentryDebugLoggingAfterInstrument({})).toBe(true);
  });
});
