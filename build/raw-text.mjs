import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * `import text from './file.sql?raw'` bundles the file's text, as Vite (and so the tests) reads it: server
 * code carries its SQL migrations inside dist/, which is all a deployment ships.
 */
export const rawTextPlugin = {
  name: 'raw-text',
  setup(build) {
    build.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)),
      namespace: 'raw-text',
    }));
    build.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'text',
      watchFiles: [args.path],
    }));
  },
};
