// A comment that sends its reader to the docs must lead somewhere: every `docs/page.md`, `docs/page.md#anchor`,
// and `README, "Section"` or `docs/page.md, "Section"` named in a source file, a stylesheet or a migration
// names a page that exists, and a heading of it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../helpers/source-files.ts';
import { headingSlugs, proseLines, readFromRoot } from './markdown-files.ts';

/** `docs/page.md` or `README.md`, with an optional `#anchor`, or a quoted section name after a comma. */
const REFERENCE = /\b(README(?:\.md)?|docs\/[\w/-]+\.md)(#[\w-]+)?(?:'s)?(?:,\s*"([^"]+)")?/g;

/** Stylesheets and migrations hold comments too. */
function otherCommentedFiles(): string[] {
  return ['apps', 'shared', 'client', 'server'].flatMap((root) =>
    readdirSync(path.join(ROOT, root), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(css|sql)$/.test(file))
      .map((file) => `${root}/${file.split(path.sep).join('/')}`),
  );
}

const headingsOf = (page: string) =>
  proseLines(readFromRoot(page))
    .map(({ text }) => /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1]?.toLowerCase())
    .filter((heading) => heading !== undefined);

/** What is wrong with one reference, or null when it leads to a page and heading that exist. */
function brokenReference(page: string, anchor: string | undefined, section: string | undefined) {
  const file = page === 'README' ? 'README.md' : page;
  if (!existsSync(path.join(ROOT, file))) return `${file} does not exist`;
  if (anchor && !headingSlugs(readFromRoot(file)).has(anchor.slice(1)))
    return `${file} has no heading ${anchor}`;
  if (section && !headingsOf(file).includes(section.toLowerCase()))
    return `${file} has no section "${section}"`;
  return null;
}

/** Every reference of a file's text that leads nowhere, as `file: reference: why`. */
function brokenReferences(file: string, text: string): string[] {
  return [...text.matchAll(REFERENCE)].flatMap((match) => {
    const why = brokenReference(match[1] ?? '', match[2], match[3]);
    return why ? [`${file}: ${match[0]}: ${why}`] : [];
  });
}

describe('references to the docs from the code', () => {
  const files = [...sourceFiles(), ...otherCommentedFiles()].filter(
    (file) => !file.startsWith('tests/docs/'),
  );

  it('lead to pages and headings that exist', () => {
    const broken = files.flatMap((file) =>
      brokenReferences(file, readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(broken).toEqual([]);
  });

  it('finds a section, an anchor and a page that are gone', () => {
    const text = [
      '// (README, "URLs")',
      '// docs/routes.md#no-such-heading',
      '// docs/no-such-page.md',
      '// docs/routes.md#patterns and docs/routes.md, "Patterns"',
    ].join('\n');
    expect(brokenReferences('example.ts', text)).toEqual([
      'example.ts: README, "URLs": README.md has no section "URLs"',
      'example.ts: docs/routes.md#no-such-heading: docs/routes.md has no heading #no-such-heading',
      'example.ts: docs/no-such-page.md: docs/no-such-page.md does not exist',
    ]);
  });
});
