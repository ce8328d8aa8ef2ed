import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

/** The version of the copy of `name` that code in `fromDir` gets (package.json found beside its main file). */
function resolvedVersion(name: string, fromDir: string): string {
  let dir = path.dirname(require.resolve(name, { paths: [fromDir] }));
  while (path.basename(dir) !== name) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

describe('path-to-regexp', () => {
  it('is a release without the known ReDoS advisories (>= 8.4), and Express resolves the same one', () => {
    const ours = resolvedVersion('path-to-regexp', import.meta.dirname);
    const [major = 0, minor = 0] = ours.split('.').map(Number);
    expect(major > 8 || (major === 8 && minor >= 4)).toBe(true);

    // Express routes through the `router` package; resolve path-to-regexp the way it does.
    const routerMain = require.resolve('router', { paths: [path.dirname(require.resolve('express'))] });
    expect(resolvedVersion('path-to-regexp', path.dirname(routerMain))).toBe(ours);
  });
});
