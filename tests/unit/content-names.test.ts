// The final names of the client's scripts (build/content-names.mjs): immutable files, so a script whose
// content changes must get a new name, also when names form a cycle (the merged entry and its route chunks).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nameScriptsByContent } from '../../build.mjs';

const DIR = '/dist/client';

/** A build's scripts by first-pass name: an entry and route chunks naming each other, and a leaf chunk. */
function scripts(routeCode: string) {
  const texts: Record<string, string> = {
    'entry-AAAAAAAA.js':
      'import("./chunk-BBBBBBBB.js");import("./chunk-CCCCCCCC.js");import("./chunk-DDDDDDDD.js")',
    'chunk-BBBBBBBB.js': `import{h0$a}from"./entry-AAAAAAAA.js";${routeCode}`,
    'chunk-CCCCCCCC.js': 'import{h0$a}from"./entry-AAAAAAAA.js";export default 2',
    'chunk-DDDDDDDD.js': 'export const strings={}',
  };
  const outputFiles = Object.entries(texts).flatMap(([name, text]) => [
    { path: path.join(DIR, name), text, contents: Buffer.from(text) },
    { path: path.join(DIR, `${name}.map`), text: `{"file":"${name}"}`, contents: Buffer.from('') },
  ]);
  const outputs = Object.fromEntries(
    Object.keys(texts).map((name) => [`dist/client/${name}`, { imports: [] }]),
  );
  return nameScriptsByContent(outputFiles, { outputs });
}

/** The final names of the entry, the two route chunks and the leaf chunk, in that order. */
const namesOf = (build: ReturnType<typeof scripts>) =>
  build.outputFiles.map((file) => path.basename(file.path)).filter((name) => name.endsWith('.js'));

describe('nameScriptsByContent', () => {
  it('names a script as long as its placeholder, so that source maps keep their columns', () => {
    for (const name of namesOf(scripts('export default 1'))) {
      expect(name).toMatch(/^(entry|chunk)-[A-Z2-7]{8}\.js$/);
    }
  });

  it('writes the final names into every script, its map and the metafile', () => {
    const build = scripts('export default 1');
    const [entry, route] = namesOf(build);
    const routeFile = build.outputFiles.find((file) => file.path === path.join(DIR, route as string));
    expect(routeFile?.text).toContain(`from"./${entry}"`);
    const map = build.outputFiles.find((file) => file.path === path.join(DIR, `${route}.map`));
    expect(map?.text).toBe(`{"file":"${route}"}`);
    expect(Object.keys(build.metafile.outputs)).toContain(`dist/client/${entry}`);
    for (const file of build.outputFiles)
      expect(file.text).not.toMatch(/AAAAAAAA|BBBBBBBB|CCCCCCCC|DDDDDDDD/);
  });

  it("renames the whole cycle when one route's code changes, and keeps the names of chunks outside it", () => {
    const [entry, changedRoute, otherRoute, leaf] = namesOf(scripts('export default 1'));
    const after = namesOf(scripts('export default 10'));
    expect(after[0]).not.toBe(entry);
    expect(after[1]).not.toBe(changedRoute);
    // It names the entry, whose name changed.
    expect(after[2]).not.toBe(otherRoute);
    expect(after[3]).toBe(leaf);
  });

  it('never gives one name two contents across builds (no stale file can be imported)', () => {
    const builds = ['export default 1', 'export default 10', 'export default 1;'].map(scripts);
    const contentOf = new Map<string, string>();
    for (const build of builds) {
      for (const file of build.outputFiles.filter((output) => output.path.endsWith('.js'))) {
        const seen = contentOf.get(file.path);
        if (seen !== undefined) expect(file.text).toBe(seen);
        contentOf.set(file.path, file.text);
      }
    }
  });
});
