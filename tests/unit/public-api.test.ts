// The seam between the runtime and the apps on it. Every folder under apps/ is an app, and so is each fixture
// app of the tests and the light bench's app: an app imports the runtime only through its public entries, by
// the names package.json's `imports` gives them, and nothing of another app; the runtime imports and names no
// app. A new folder under apps/ is held to this without editing a list.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY_NAMES, importsOf, parse, ROOT, sourceFiles, specifiersOf } from '../helpers/source-files.ts';

/** The name of the test kit, which only an app's tests may import. */
const TEST_KIT = '#runtime/test-kit';
const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

const subfolders = (root: string) =>
  readdirSync(path.join(ROOT, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${root}/${entry.name}/`);

const APPS = subfolders('apps');
const TEST_APPS = [...subfolders('tests/fixtures'), 'bench/light/', 'bench/product-like/'];

/** The runtime: its three sides and its build. */
const isRuntime = (file: string) => /^(server|client|shared|build)\//.test(file) || file === 'build.mjs';

/** A runtime file names an app when it holds its folder's path, or an app's folder name as a word. */
const APP_NAMES = new RegExp(
  [...APPS, ...TEST_APPS]
    .flatMap((folder) => [
      folder.slice(0, -1),
      ...(folder.startsWith('bench/') ? [] : [path.posix.basename(folder)]),
    ])
    .map((name) => `\\b${name.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}\\b`)
    .join('|'),
  'i',
);

const files = sourceFiles();

/**
 * What an app's file imports that an app may not: a name that is not public, or a path out of its own folder
 * (for the tests' and the bench's apps, which may share their suite's helpers: a path into the runtime).
 */
function reachesPast(folder: string, file: string): string[] {
  const strict = folder.startsWith('apps/');
  return specifiersOf(file)
    .filter((specifier) => {
      if (specifier.startsWith('.')) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        return strict ? !target.startsWith(folder) : isRuntime(target);
      }
      if (specifier.startsWith('#')) {
        return !(specifier in ENTRY_NAMES) || (specifier === TEST_KIT && !isTestFile(file));
      }
      return specifier.startsWith('/');
    })
    .map((specifier) => `${file} -> ${specifier}`);
}

describe('the public API', () => {
  it('knows the apps: every folder under apps/ (the storefront and the tutorial’s shelf among them)', () => {
    expect(APPS).toEqual(expect.arrayContaining(['apps/storefront/', 'apps/shelf/']));
  });

  it.each([
    ...APPS,
    ...TEST_APPS,
  ])('is all that %s imports of the runtime, by name (the test kit in its tests only)', (folder) => {
    const appFiles = files.filter((file) => file.startsWith(folder));
    expect(appFiles.length).toBeGreaterThan(0);
    expect(appFiles.flatMap((file) => reachesPast(folder, file))).toEqual([]);
  });

  it('names files that exist: every name in package.json’s imports is a runtime file', () => {
    const named = Object.values(ENTRY_NAMES);
    expect(named.filter((file) => !isRuntime(file) || !files.includes(file))).toEqual([]);
    expect(named).toEqual(expect.arrayContaining(['shared/index.ts', 'client/index.ts', 'server/index.ts']));
  });

  it('is the runtime importing nothing outside itself: no app, test, bench or doc', () => {
    const outside = files.filter(isRuntime).flatMap((file) =>
      importsOf(file)
        .filter((target) => !isRuntime(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it('is the runtime naming no app: no runtime file holds an app’s folder or name', () => {
    const naming = files.filter(isRuntime).flatMap((file) => {
      const match = APP_NAMES.exec(parse(file).text);
      return match ? [`${file}: ${match[0]}`] : [];
    });
    expect(naming).toEqual([]);
  });
});
