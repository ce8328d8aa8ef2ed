// The README quotes code that is typechecked elsewhere; these tests keep each quote the same as its file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The first ```ts (or ```tsx) block under a heading (`## Server actions and forms`) of the README. */
function firstBlockOf(heading: string, language: 'ts' | 'tsx' = 'ts'): string {
  const readme = read('README.md');
  const start = readme.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`README has no section "${heading}"`);
  const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(readme.slice(start));
  if (!block?.[1]) throw new Error(`README section "${heading}" has no ${language} block`);
  return block[1];
}

/** The lines of a file between its `// README example: start` and `// README example: end` markers. */
function quotedPartOf(file: string): string {
  const [, quoted] =
    /\/\/ README example: start\n([\s\S]*?)\/\/ README example: end\n/.exec(read(file)) ?? [];
  if (quoted === undefined) throw new Error(`${file} has no README example markers`);
  return quoted;
}

describe('README examples', () => {
  it('"Server actions and forms" quotes tests/types/server-action.ts as it is', () => {
    expect(firstBlockOf('## Server actions and forms')).toBe(quotedPartOf('tests/types/server-action.ts'));
  });

  it('"Middleware" quotes tests/types/middleware.ts as it is', () => {
    expect(firstBlockOf('## Middleware')).toBe(quotedPartOf('tests/types/middleware.ts'));
  });

  it('"Fetchers" quotes tests/types/fetcher.tsx as it is', () => {
    expect(firstBlockOf('### Fetchers: mutations without navigation', 'tsx')).toBe(
      quotedPartOf('tests/types/fetcher.tsx'),
    );
  });
});
