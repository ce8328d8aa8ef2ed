// Docs quote code from files that are compiled and tested (`<!-- snippet: file#region -->` above a block):
// these tests fail when a quoted block differs from its region, or its region, file, typecheck or test is gone.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/source-files.ts';
import { markdownFiles, readFromRoot } from './markdown-files.ts';
import { isTypechecked, regionOf, snippetsOf, testedFiles, unmarkedCodeBlocks } from './snippet-sources.ts';

const pages = markdownFiles();
const tested = testedFiles();

describe('docs snippets', () => {
  it.each(pages)('%s: every marked block equals its region, in a compiled and tested file', (page) => {
    const problems = snippetsOf(readFromRoot(page)).flatMap(({ line, file, region, block }) => {
      const where = `${page}:${line} (${file}#${region})`;
      if (block === null) return [`${where}: no fenced block right under the marker`];
      if (!existsSync(path.join(ROOT, file))) return [`${where}: no such file`];
      const quoted = regionOf(readFromRoot(file), region);
      if (quoted === null) return [`${where}: the file has no region "${region}"`];
      if (!isTypechecked(file)) return [`${where}: tsconfig.json's include does not cover the file`];
      if (!tested.has(file)) return [`${where}: no test imports the file (nor any file importing it)`];
      return quoted === block ? [] : [`${where}: the block differs from the region\n${diff(quoted, block)}`];
    });
    expect(problems).toEqual([]);
  });

  it.each(pages)('%s: every TypeScript or JavaScript block is quoted from a file', (page) => {
    expect(unmarkedCodeBlocks(readFromRoot(page)).map((line) => `${page}:${line}`)).toEqual([]);
  });

  it.each(
    pages.filter((page) => page.startsWith('docs/') && page !== 'docs/README.md'),
  )('%s: shows at least one example quoted from a file', (page) => {
    expect(snippetsOf(readFromRoot(page)).length).toBeGreaterThan(0);
  });
});

describe('the snippet checker', () => {
  const source = [
    'a();',
    '  // #region greet',
    '  export function greet() {',
    "    return 'hi';",
    '  }',
    '  // #endregion greet',
    '',
  ].join('\n');
  const page = (code: string) => `Text\n\n<!-- snippet: x.ts#greet -->\n\`\`\`ts\n${code}\n\`\`\`\n`;

  it('reads a region without its markers and common indentation', () => {
    expect(regionOf(source, 'greet')).toBe("export function greet() {\n  return 'hi';\n}");
    expect(regionOf(source, 'wave')).toBeNull();
  });

  it('finds a quote that no longer matches its region', () => {
    const [same] = snippetsOf(page("export function greet() {\n  return 'hi';\n}"));
    const [changed] = snippetsOf(page("export function greet() {\n  return 'hello';\n}"));
    expect(same?.block).toBe(regionOf(source, 'greet'));
    expect(changed?.block).not.toBe(regionOf(source, 'greet'));
  });

  it('finds a code block without a marker, but lets shell and output blocks be', () => {
    expect(unmarkedCodeBlocks('Run:\n\n```sh\nnpm test\n```\n\n```ts\nconst a = 1;\n```\n')).toEqual([7]);
    expect(unmarkedCodeBlocks(page('const a = 1;'))).toEqual([]);
  });
});

/** The first line where the region and the block part, to read in the failure message. */
function diff(region: string, block: string): string {
  const want = region.split('\n');
  const got = block.split('\n');
  const at = want.findIndex((line, index) => line !== got[index]);
  const line = at === -1 ? want.length : at;
  return `  line ${line + 1} of the region: ${JSON.stringify(want[line])}\n  in the page:             ${JSON.stringify(got[line])}`;
}
