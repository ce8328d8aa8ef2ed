// Every relative link of README.md and docs/ leads somewhere: the file exists, and its `#anchor` is the
// GitHub slug of one of the target's headings.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/source-files.ts';
import { headingSlugs, markdownFiles, proseLines, readFromRoot } from './markdown-files.ts';

/** `[text](target)` and `![alt](target)`, outside inline code; the target up to a space or `)`. */
const LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** The links of a page's prose (code blocks and inline code spans hold none), with their line. */
function linksOf(markdown: string): { target: string; line: number }[] {
  return proseLines(markdown).flatMap(({ text, number }) =>
    [...text.replace(/`[^`]*`/g, '').matchAll(LINK)].map((match) => ({
      target: match[1] ?? '',
      line: number,
    })),
  );
}

/** What is wrong with a relative link from `page`, or null when it leads somewhere. */
function brokenLink(page: string, target: string): string | null {
  const [file = '', anchor] = target.split('#');
  const resolved = file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
  if (resolved.startsWith('..')) return `${target} leaves the repository`;
  const absolute = path.join(ROOT, decodeURIComponent(resolved));
  if (!existsSync(absolute)) return `${target}: no file ${resolved}`;
  if (anchor === undefined) return null;
  if (statSync(absolute).isDirectory() || !resolved.endsWith('.md'))
    return `${target}: an anchor into a non-Markdown file`;
  return headingSlugs(readFromRoot(resolved)).has(anchor)
    ? null
    : `${target}: ${resolved} has no heading #${anchor}`;
}

describe('relative links in README.md and docs/', () => {
  it.each(markdownFiles())('%s: each leads to a file and heading that exist', (page) => {
    const broken = linksOf(readFromRoot(page))
      .filter(({ target }) => !EXTERNAL.test(target))
      .flatMap(({ target, line }) => {
        const problem = brokenLink(page, target);
        return problem ? [`${page}:${line}: ${problem}`] : [];
      });
    expect(broken).toEqual([]);
  });

  it('reads links and headings as GitHub does', () => {
    const page =
      '# Typed links: `href()`\n## Routes\n## Routes\n```md\n[not a link](nowhere.md)\n```\nSee [routes](#routes-1) and `[code](x.md)`.\n';
    expect([...headingSlugs(page)]).toEqual(['typed-links-href', 'routes', 'routes-1']);
    expect(linksOf(page)).toEqual([{ target: '#routes-1', line: 7 }]);
    expect(brokenLink('docs/routes.md', 'no-such-page.md')).toMatch(/no file docs\/no-such-page.md/);
  });
});
