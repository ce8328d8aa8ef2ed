// The server's folders are layers: each imports only the ones below it (docs/README.md draws them), so no
// two folders of server/ import each other and no file of the runtime reaches itself again through its
// imports (type-only imports count: a type cycle still ties the files' meaning together). The database
// support is an optional part an app opts into (#runtime/database): the rest of the runtime imports nothing
// of it.
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importsAbove, twoWayFolders } from '../helpers/import-graph.ts';
import { importsOf, sourceFiles } from '../helpers/source-files.ts';

const OPTIONAL_PARTS = ['server/database/'];

/** The folders of server/, top first; `server` is its public entries and the test kit. */
const SERVER_LAYERS = [
  'server',
  'server/process',
  'server/app',
  'server/edge',
  'server/answer',
  'server/render',
  'server/resolve',
  'server/request',
  'server/database',
  'server/monitoring',
  'server/definition',
];

const runtime = sourceFiles().filter((file) => /^(server|client|shared)\//.test(file));
const graph = importGraph(runtime);
const serverGraph = new Map([...graph].filter(([file]) => file.startsWith('server/')));
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

  it('has no two folders of server/ importing each other', () => {
    expect(twoWayFolders(serverGraph)).toEqual([]);
  });

  it('has no import cycle in server/, client/ or shared/, type-only imports included', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('has each folder of server/ importing only the layers below it, and no folder outside the layers', () => {
    expect(importsAbove(serverGraph, SERVER_LAYERS)).toEqual([]);
  });

  it('finds a cycle, a two-way pair and an import upwards where there is one', () => {
    const loop = new Map([
      ['server/a/one.ts', ['server/b/two.ts']],
      ['server/b/two.ts', ['server/a/one.ts']],
      ['server/c/three.ts', ['server/a/one.ts']],
    ]);
    expect(importCycles(loop)).toEqual([['server/a/one.ts', 'server/b/two.ts']]);
    expect(twoWayFolders(loop)).toEqual(['server/a <-> server/b']);
    expect(importsAbove(loop, ['server/c', 'server/a', 'server/b'])).toEqual([
      'server/b/two.ts -> server/a/one.ts',
    ]);
    expect(importsAbove(loop, ['server/a', 'server/b'])).toEqual([
      'server/b/two.ts -> server/a/one.ts',
      'server/c/three.ts: server/c is no layer',
    ]);
  });
});
