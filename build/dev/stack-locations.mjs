// Source locations for errors thrown in a tab: Chromium's stacks name bundle files (`/_assets/chunk-….js`,
// `/__dev/hot/….js`) and lines in them; the dev build's source maps (kept apart, in <outdir>/sourcemaps)
// and the hot modules' maps turn them into the project's files, lines and columns.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { ROOT } from '../paths.mjs';
import { HOT_PATH } from './hot-modules.mjs';

const FRAME = /(https?:\/\/[^\s()]+?)(\/_assets\/|\/__dev\/hot\/)([^\s():?]+)(?:\?[^\s():]*)?:(\d+):(\d+)/g;

/** `locate(stack)` resolves with the stack, each bundle position replaced by its source position. */
export function createStackLocator({ mapsDir, hotModules }) {
  const maps = new Map();

  async function mapOf(kind, file) {
    const id = `${kind}${file}`;
    if (!maps.has(id)) {
      const text =
        kind === HOT_PATH
          ? hotModules.get(`${HOT_PATH}${file}`)?.map
          : await readFile(path.join(mapsDir, `${file}.map`), 'utf8').catch(() => undefined);
      maps.set(id, text ? new TraceMap(text) : null);
    }
    return maps.get(id);
  }

  return async function locate(stack) {
    const frames = [...stack.matchAll(FRAME)];
    const located = await Promise.all(
      frames.map(async ([, , kind, file, line, column]) => {
        const map = await mapOf(kind, file);
        const position = map && originalPositionFor(map, { line: Number(line), column: Number(column) - 1 });
        if (!position?.source) return undefined;
        // Sources are relative to where esbuild wrote the file: the hot module's pretend folder, or beside the map.
        const base = kind === HOT_PATH ? path.join(ROOT, 'hot') : mapsDir;
        const source = path.relative(ROOT, path.resolve(base, position.source));
        return `${source.split(path.sep).join('/')}:${position.line}:${position.column + 1}`;
      }),
    );
    let index = 0;
    return stack.replace(FRAME, (frame) => located[index++] ?? frame);
  };
}
