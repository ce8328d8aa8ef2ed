import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/source-files.ts';

/** The Markdown files the docs checks read: README.md and every page under docs/, as paths from ROOT. */
export function markdownFiles(): string[] {
  const docs = path.join(ROOT, 'docs');
  const pages = existsSync(docs)
    ? readdirSync(docs, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
        .map((entry) =>
          path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
    : [];
  return ['README.md', ...pages.sort()];
}

export const readFromRoot = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** A fenced code block: its language (`ts` for ```ts), the 0-based index of its opening line, and its text. */
export interface FencedBlock {
  language: string;
  openLine: number;
  body: string;
}

const OPENING_FENCE = /^\s*(```|~~~)\s*([\w-]*)/;

/** The fenced code blocks of a Markdown text, in order (an unclosed block runs to the end). */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split('\n');
  const blocks: FencedBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = OPENING_FENCE.exec(lines[index] ?? '');
    if (!opening) continue;
    const fence = opening[1] ?? '```';
    const close = lines.findIndex((line, at) => at > index && line.trim() === fence);
    const end = close === -1 ? lines.length : close;
    blocks.push({
      language: opening[2] ?? '',
      openLine: index,
      body: lines.slice(index + 1, end).join('\n'),
    });
    index = end;
  }
  return blocks;
}

/** The lines of a Markdown text outside its fenced code blocks, each with its 1-based number. */
export function proseLines(markdown: string): { text: string; number: number }[] {
  const lines = markdown.split('\n');
  const inBlock = new Set<number>();
  for (const block of fencedBlocks(markdown)) {
    const length = block.body === '' ? 0 : block.body.split('\n').length;
    for (let line = block.openLine; line <= block.openLine + length + 1; line++) inBlock.add(line);
  }
  return lines.flatMap((text, index) => (inBlock.has(index) ? [] : [{ text, number: index + 1 }]));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to `-`, repeats numbered (`-1`). */
export function headingSlugs(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const slugs = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const base = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}
