// The reference comes from the code: every export an app may import carries a doc comment, and a docs page
// names only exports that exist (build/public-api.mjs lists them; tests/docs/api-names-in-docs.ts reads the
// pages).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPublicApi, PUBLIC_ENTRIES, publicApi } from '../../build/public-api.mjs';
import { ROOT } from '../helpers/source-files.ts';
import { apiNamesInMarkdown, unknownNames } from './api-names-in-docs.ts';

const api = publicApi();
const exportOf = (entry: string, name: string) =>
  api.find((listed) => listed.entry === entry)?.exports.find((listed) => listed.name === name);

/** README.md and every page under docs/, as paths from the root. */
function docsPages(): string[] {
  const docs = path.join(ROOT, 'docs');
  if (!existsSync(docs)) return ['README.md'];
  const pages = readdirSync(docs, { recursive: true, withFileTypes: true, encoding: 'utf8' })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  return ['README.md', ...pages.sort()];
}

describe('the public API listing (npm run api)', () => {
  it('follows every public entry’s re-exports to the declaration, with its kind', () => {
    expect(api.map(({ entry }) => entry)).toEqual(PUBLIC_ENTRIES);
    expect(exportOf('shared/index.ts', 'useFetcher')).toMatchObject({
      kind: 'function',
      file: 'shared/ui/fetcher.tsx',
    });
    expect(exportOf('shared/index.ts', 'Link')).toMatchObject({
      kind: 'component',
      file: 'shared/ui/link.tsx',
    });
    expect(exportOf('shared/index.ts', 'HttpError')?.kind).toBe('class');
    expect(exportOf('shared/index.ts', 'Head')?.kind).toBe('type');
    expect(exportOf('client/index.ts', 'PREFETCH_CONCURRENCY')?.kind).toBe('const');
    expect(exportOf('server/test-kit.ts', 'createRouterDriver')?.file).toBe('server/router-driver.ts');
  });

  it('prints each entry’s exports with kind and declaration, and marks those without a doc comment', () => {
    const listed = (name: string, kind: 'function' | 'type', doc: string) => ({
      name,
      kind,
      file: 'shared/a.ts',
      line: 3,
      doc,
      members: [],
    });
    const listing = formatPublicApi([
      { entry: 'shared/index.ts', exports: [listed('go', 'function', 'Goes.'), listed('Where', 'type', '')] },
    ]);
    expect(listing.split('\n')).toEqual([
      'shared/index.ts (2 exports)',
      '  function  go     shared/a.ts:3',
      '! type      Where  shared/a.ts:3',
      '',
      '! without a doc comment: Where',
    ]);
  });
});

describe('every public export', () => {
  it('has a doc comment at its declaration', () => {
    const undocumented = api.flatMap(({ entry, exports }) =>
      exports.filter(({ doc }) => !doc).map(({ name, file, line }) => `${entry}: ${name} (${file}:${line})`),
    );
    expect(undocumented).toEqual([]);
  });
});

describe('the docs', () => {
  it.each(docsPages())('%s names only exports that exist', (page) => {
    const named = apiNamesInMarkdown(readFileSync(path.join(ROOT, page), 'utf8'));
    expect(unknownNames(named, api)).toEqual([]);
  });
});
