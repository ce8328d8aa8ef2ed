// The reader of docs pages behind tests/docs/public-api.test.ts, on pages written here: what it takes for a
// claim about the runtime's exports, and what it reports.
import { describe, expect, it } from 'vitest';
import type { PublicEntry } from '../../build/public-api.mjs';
import { apiNamesInMarkdown, publicEntryOf, unknownNames } from './api-names-in-docs.ts';

const fence = '```';
const page = [
  '# Fetchers',
  'Call `useFetcher()` in a component; a step awaits `parent()`; lazy `import()` is the language’s.',
  "Not calls: `useFetcher`, `href('cart')`, `<Link>`, `context.urlOf()`.",
  `${fence}tsx`,
  "import { useFetcher, type Fetcher as AnyFetcher } from '../../shared/index.ts';",
  "import { createTestApp } from '../server/test-kit';",
  "import React, { useState } from 'react';",
  "import { renderToString } from 'react-dom/server';",
  "import app, { href } from '../apps/storefront/href.ts';",
  "import defaults, { Link } from '../../shared/index.ts';",
  'const fetcher = useFetcher(); // `navigate()` in code is no prose claim',
  fence,
  '~~~ts',
  'import {',
  '  invalid,',
  '  type RouteActions,',
  "} from '../../server/index.ts';",
  '~~~',
  'After the block: `navigate()`.',
].join('\n');

const api: PublicEntry[] = [
  {
    entry: 'shared/index.ts',
    exports: [
      { name: 'useFetcher', kind: 'function', file: 'f.ts', line: 1, doc: 'd', members: ['submit'] },
      { name: 'Fetcher', kind: 'type', file: 'f.ts', line: 2, doc: 'd', members: [] },
    ],
  },
  {
    entry: 'server/index.ts',
    exports: [{ name: 'invalid', kind: 'function', file: 'a.ts', line: 1, doc: 'd', members: [] }],
  },
];

describe('apiNamesInMarkdown', () => {
  it('takes prose spans written as a bare call, and imports of a public entry inside code blocks', () => {
    expect(apiNamesInMarkdown(page)).toEqual([
      { type: 'call', name: 'useFetcher', line: 2 },
      { type: 'call', name: 'parent', line: 2 },
      { type: 'import', name: 'useFetcher', entry: 'shared/index.ts', line: 5 },
      { type: 'import', name: 'Fetcher', entry: 'shared/index.ts', line: 5 },
      { type: 'import', name: 'createTestApp', entry: 'server/test-kit.ts', line: 6 },
      { type: 'import', name: 'Link', entry: 'shared/index.ts', line: 10 },
      { type: 'import', name: 'invalid', entry: 'server/index.ts', line: 14 },
      { type: 'import', name: 'RouteActions', entry: 'server/index.ts', line: 14 },
      { type: 'call', name: 'navigate', line: 19 },
    ]);
  });

  it('reads a block left open to the end of the page as code', () => {
    expect(apiNamesInMarkdown(`${fence}\n\`navigate()\`\nimport { x } from '../shared';`)).toEqual([]);
  });
});

describe('publicEntryOf', () => {
  it.each([
    ['../../shared/index.ts', 'shared/index.ts'],
    ['../shared', 'shared/index.ts'],
    ['./server/test-kit.ts', 'server/test-kit.ts'],
    ['../../client/index.js', 'client/index.ts'],
    ['../../shared/routing/href.ts', undefined],
    ['../../apps/storefront/href.ts', undefined],
    ['react', undefined],
    ['react-dom/server', undefined],
  ])('%s -> %s', (specifier, entry) => {
    expect(publicEntryOf(specifier)).toBe(entry);
  });
});

describe('unknownNames', () => {
  it('names each claim the API does not back: a missing export, a wrong entry, a call nothing has', () => {
    expect(unknownNames(apiNamesInMarkdown(page), api)).toEqual([
      'line 2: parent() (no public export, nor a member of one, has this name)',
      'line 6: createTestApp (imported from server/test-kit.ts, not a public entry)',
      'line 10: Link (imported from shared/index.ts, which does not export it)',
      'line 14: RouteActions (imported from server/index.ts, which does not export it)',
      'line 19: navigate() (no public export, nor a member of one, has this name)',
    ]);
  });

  it('accepts members of public exports, such as `submit()` of a fetcher', () => {
    expect(unknownNames([{ type: 'call', name: 'submit', line: 1 }], api)).toEqual([]);
  });
});
