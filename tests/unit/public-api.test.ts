// The seam between the runtime and the apps on it: an app imports the runtime only through its public
// entries, one per side, and the runtime names no app.
import { describe, expect, it } from 'vitest';
import { importsOf, parse, sourceFiles } from '../helpers/source-files.ts';

/** What an app may import of the runtime: one entry per side. The test kit is for an app's tests. */
const PUBLIC_ENTRIES = ['shared/index.ts', 'client/index.ts', 'server/index.ts'];
const TEST_KIT = 'server/test-kit.ts';
const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);
/** The apps in this repository, each a folder (or two: its isomorphic and its server side). */
const APPS: readonly (readonly string[])[] = [
  ['apps/storefront/', 'apps/storefront/server/'],
  ['tests/fixtures/tiny-app/'],
  ['tests/fixtures/bilingual-app/'],
  ['tests/fixtures/dev-app/'],
  ['tests/fixtures/guarded-app/'],
  ['bench/light/'],
  ['apps/shelf/'],
];
const RUNTIME_FOLDERS = ['server/', 'client/', 'shared/', 'build/'];
const APP_NAMES = /apps\/storefront|tiny-app|bilingual-app|dev-app|guarded-app|bench\/light|docs\/tutorial/;

const files = sourceFiles();
const isRuntime = (file: string) =>
  (RUNTIME_FOLDERS.some((folder) => file.startsWith(folder)) || file === 'build.mjs') &&
  !APPS.flat().some((folder) => file.startsWith(folder));

describe('the public API', () => {
  it('is what apps import of the runtime: shared/index.ts, client/index.ts and server/index.ts only (and their tests the kit)', () => {
    const deep = APPS.flatMap((folders) =>
      files
        .filter((file) => folders.some((folder) => file.startsWith(folder)))
        .flatMap((file) =>
          importsOf(file)
            .filter(
              (target) =>
                isRuntime(target) &&
                !PUBLIC_ENTRIES.some((entry) => target.startsWith(entry.replace(/\.ts$/, ''))) &&
                !(isTestFile(file) && target.startsWith(TEST_KIT.replace(/\.ts$/, ''))),
            )
            .map((target) => `${file} -> ${target}`),
        ),
    );
    expect(deep).toEqual([]);
  });

  it('has its entries import nothing of an app', () => {
    for (const entry of PUBLIC_ENTRIES) {
      expect(importsOf(entry).filter((target) => !isRuntime(target))).toEqual([]);
    }
  });

  it('is the runtime naming no app: no runtime file imports or names an app’s folder', () => {
    const naming = files.filter(isRuntime).filter((file) => {
      const imported = importsOf(file).some((target) => !isRuntime(target) && APP_NAMES.test(target));
      return imported || APP_NAMES.test(parse(file).text);
    });
    expect(naming).toEqual([]);
  });
});
