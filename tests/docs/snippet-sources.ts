import { existsSync } from 'node:fs';
import path from 'node:path';
import { importsOf, ROOT, sourceFiles } from '../helpers/source-files.ts';
import { fencedBlocks, readFromRoot } from './markdown-files.ts';

/** `<!-- snippet: path/from/root.tsx#region-name -->`, the line right above a fenced block a page quotes. */
const MARKER = /^<!-- snippet: (\S+)#([\w-]+) -->$/;
/** Languages whose blocks must be quoted from a compiled file (shell, JSON, output and config need not). */
const CODE_LANGUAGES = new Set(['ts', 'tsx', 'js', 'jsx', 'mjs', 'typescript']);

export interface Snippet {
  /** The marker's line, 1-based, for messages. */
  line: number;
  file: string;
  region: string;
  /** The text of the block right under the marker, or null when no block follows it. */
  block: string | null;
}

/** Every snippet marker of a page, with the block under it. */
export function snippetsOf(markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const blocks = fencedBlocks(markdown);
  const insideBlock = (index: number) =>
    blocks.some((block) => index > block.openLine && index <= block.openLine + block.body.split('\n').length);
  return lines.flatMap((text, index) => {
    const match = insideBlock(index) ? null : MARKER.exec(text.trim());
    if (!match) return [];
    const block = blocks.find((candidate) => candidate.openLine === index + 1);
    return [{ line: index + 1, file: match[1] ?? '', region: match[2] ?? '', block: block?.body ?? null }];
  });
}

/** The 1-based lines of a page's code blocks (ts, tsx, js…) that no snippet marker quotes. */
export function unmarkedCodeBlocks(markdown: string): number[] {
  const lines = markdown.split('\n');
  return fencedBlocks(markdown)
    .filter((block) => CODE_LANGUAGES.has(block.language))
    .filter((block) => !MARKER.test((lines[block.openLine - 1] ?? '').trim()))
    .map((block) => block.openLine + 1);
}

const REGION_LINE = /^\s*(?:\/\/|\{?\/\*)\s*#(end)?region\s+([\w-]+)/;

const regionMarker = (line: string) => {
  const match = REGION_LINE.exec(line);
  return match ? { end: match[1] === 'end', name: match[2] } : null;
};

/**
 * The lines between `// #region name` and `// #endregion name` (`{/* #region name *\/}` inside JSX), other
 * regions' markers left out and the common indentation removed; null when the file has no such region.
 */
export function regionOf(source: string, region: string): string | null {
  const lines = source.split('\n');
  const start = lines.findIndex((line) => regionMarker(line)?.name === region && !regionMarker(line)?.end);
  const end = lines.findIndex(
    (line, index) => index > start && regionMarker(line)?.name === region && regionMarker(line)?.end,
  );
  if (start === -1 || end === -1) return null;
  const body = lines.slice(start + 1, end).filter((line) => regionMarker(line) === null);
  const indents = body.filter((line) => line.trim() !== '').map((line) => /^ */.exec(line)?.[0].length ?? 0);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return body.map((line) => line.slice(common)).join('\n');
}

/** Whether tsconfig.json's `include` covers a file, so `npm run typecheck` compiles it. */
export function isTypechecked(file: string): boolean {
  const { include } = JSON.parse(readFromRoot('tsconfig.json')) as { include: string[] };
  return include.some((entry) =>
    entry.startsWith('*.')
      ? !file.includes('/') && file.endsWith(entry.slice(1))
      : file === entry || file.startsWith(`${entry}/`),
  );
}

/**
 * The files a test runs: every file reachable by imports (static or `import()`) from a test file, and the
 * type tests under tests/types/, which `npm run typecheck` runs (each `@ts-expect-error` there must stay one).
 */
export function testedFiles(): Set<string> {
  const files = sourceFiles();
  const reached = new Set(files.filter((file) => file.startsWith('tests/types/')));
  const queue = files.filter((file) => /\.test\.tsx?$/.test(file));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (reached.has(file)) continue;
    reached.add(file);
    queue.push(...importsOf(file).filter((target) => existsSync(path.join(ROOT, target))));
  }
  return reached;
}
