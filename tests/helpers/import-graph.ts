import { existsSync } from 'node:fs';
import path from 'node:path';
import { importsOf, ROOT } from './source-files.ts';

/** Each file's imports among the given files (type-only ones included), as a map from file to files. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      importsOf(file).filter((target) => known.has(target) && existsSync(path.join(ROOT, target))),
    ]),
  );
}

/** The import cycles of a graph: its strongly connected components of more than one file (Tarjan). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return cycles;
}

/** The folder of server/ a file belongs to (`server/render`), or `server` for a file at its top. */
export function serverFolderOf(file: string): string {
  const [, folder] = file.split('/');
  return file.split('/').length > 2 ? `server/${folder}` : 'server';
}

/** Pairs of server/ folders that import each other, each pair once (`a <-> b`, a before b). */
export function twoWayFolders(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const edges = new Set<string>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const from = serverFolderOf(file);
      const to = serverFolderOf(target);
      if (from !== to) edges.add(`${from} -> ${to}`);
    }
  }
  return [...edges]
    .map((edge) => edge.split(' -> ') as [string, string])
    .filter(([from, to]) => from < to && edges.has(`${to} -> ${from}`))
    .map(([from, to]) => `${from} <-> ${to}`)
    .sort();
}

/**
 * Imports that go up: from a file of server/ to a folder of server/ above its own in `layers` (top first),
 * and each file whose folder is not in `layers` at all.
 */
export function importsAbove(
  graph: ReadonlyMap<string, readonly string[]>,
  layers: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    const from = layers.indexOf(serverFolderOf(file));
    if (from < 0) {
      problems.push(`${file}: ${serverFolderOf(file)} is no layer`);
      continue;
    }
    for (const target of targets.filter((file) => file.startsWith('server/'))) {
      if (layers.indexOf(serverFolderOf(target)) < from) problems.push(`${file} -> ${target}`);
    }
  }
  return problems.sort();
}
