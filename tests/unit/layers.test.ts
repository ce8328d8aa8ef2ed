// The runtime's folders are layers: a folder imports only the ones below it, so no two folders of server/
// import each other and no file of the runtime reaches itself again through its imports (type-only imports
// count: a type cycle still ties the files' meaning together). The database support is an optional part an
// app opts into (#runtime/database): the rest of the runtime imports nothing of it.
//
// The layering of server/ is not finished: the two-way pairs and cycles below are the ones left. This test
// fails on any new one, and on a listed one that is gone, so the lists only shrink.
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, twoWayFolders } from '../helpers/import-graph.ts';
import { importsOf, sourceFiles } from '../helpers/source-files.ts';

const OPTIONAL_PARTS = ['server/database/'];

const REMAINING_TWO_WAY: string[] = [];

const REMAINING_CYCLES: string[][] = [];

const runtime = sourceFiles().filter((file) => /^(server|client|shared)\//.test(file));
const graph = importGraph(runtime);
const isOptional = (file: string) => OPTIONAL_PARTS.some((part) => file.startsWith(part));

describe('the runtime’s layers', () => {
  it('keeps the database support optional: no other runtime file imports it', () => {
    const reaching = runtime
      .filter((file) => !isOptional(file))
      .flatMap((file) =>
        importsOf(file)
          .filter(isOptional)
          .map((target) => `${file} -> ${target}`),
      );
    expect(reaching).toEqual([]);
  });

  it('has no two folders of server/ importing each other beyond the ones left to untangle', () => {
    const serverGraph = new Map([...graph].filter(([file]) => file.startsWith('server/')));
    expect(twoWayFolders(serverGraph)).toEqual(REMAINING_TWO_WAY);
  });

  it('has no import cycle, type-only imports included, beyond the ones left to untangle', () => {
    const sorted = (cycles: string[][]) => cycles.map((cycle) => cycle.join(' ')).sort();
    expect(sorted(importCycles(graph))).toEqual(sorted(REMAINING_CYCLES));
  });

  it('finds a cycle and a two-way pair where there is one', () => {
    const loop = new Map([
      ['server/a/one.ts', ['server/b/two.ts']],
      ['server/b/two.ts', ['server/a/one.ts']],
      ['server/c/three.ts', ['server/a/one.ts']],
    ]);
    expect(importCycles(loop)).toEqual([['server/a/one.ts', 'server/b/two.ts']]);
    expect(twoWayFolders(loop)).toEqual(['server/a <-> server/b']);
  });
});
