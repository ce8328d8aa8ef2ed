// The production client's final script names. Files under /_assets/ are cached as immutable, forever, so a
// script's name must change whenever its content does. A script's content holds the names of the scripts it
// imports, and since the entry merge (build/entry-merge.mjs) the names form a cycle: the entry names the
// route chunks (in its import() calls) and the route chunks name the entry (their static import). No name in
// a cycle can be a hash of final contents that contain the others' names.
//
// So, as Rollup does, a script is named after a hash of its own content as written with placeholder names
// (the first pass's) together with the same hash of every script it reaches through names, directly or not.
// A script's final content depends on nothing else, so whatever changes it renames it, and the scripts of a
// cycle, which reach each other, are renamed together.
//
// The cost: the entry reaches every lazy chunk, and a chunk that imports the entry reaches all of that too.
// A change to any one route renames the entry (as it already did when the entry held only its import()) and
// every chunk that imports the entry, which returning visitors then download again (each route chunk is
// 0.2 to 2 KB gzip); chunks that import nothing of the entry (Sentry's, a locale's strings) keep their names.
import { createHash } from 'node:crypto';
import path from 'node:path';

/** esbuild's `[hash]`: 8 characters of base32. A final name as long as its placeholder keeps maps exact. */
const HASHED_NAME = /^(.+)-[A-Z2-7]{8}\.js$/;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * Renames every script of `outputFiles` (and its map and `.LEGAL.txt`) after its content and all it reaches,
 * in the files' names, their texts and the metafile's outputs. Returns `{ outputFiles, metafile }`.
 */
export function nameScriptsByContent(outputFiles, metafile) {
  const scripts = new Map(
    outputFiles.filter((file) => file.path.endsWith('.js')).map((file) => [path.basename(file.path), file]),
  );
  const placeholders = new RegExp(
    [...scripts.keys()].map((name) => name.replaceAll('.', '\\.')).join('|'),
    'g',
  );
  const legalTexts = new Map(outputFiles.map((file) => [path.basename(file.path), file.text]));
  const ownHashes = new Map(
    [...scripts].map(([name, file]) => [
      name,
      sha256(`${file.text}\0${legalTexts.get(`${name}.LEGAL.txt`) ?? ''}`),
    ]),
  );
  const namesIn = new Map([...scripts].map(([name, file]) => [name, new Set(file.text.match(placeholders))]));
  const finalNames = new Map(
    [...scripts.keys()].map((name) => {
      const reached = [...reachableFrom(name, namesIn)].filter((other) => other !== name);
      const digest = sha256(
        [ownHashes.get(name), ...reached.map((other) => ownHashes.get(other)).sort()].join(),
      );
      return [name, finalName(name, digest)];
    }),
  );
  const rename = (text) => text.replace(placeholders, (name) => finalNames.get(name));
  const renamedFiles = outputFiles.map((file) => {
    const renamedPath = path.join(path.dirname(file.path), rename(path.basename(file.path)));
    if (!/\.js(\.map)?$/.test(file.path)) {
      return {
        path: renamedPath,
        contents: file.contents,
        get text() {
          return file.text;
        },
      };
    }
    const text = rename(file.text);
    return { path: renamedPath, text, contents: Buffer.from(text) };
  });
  const renameOutput = (output) =>
    path.posix.join(path.posix.dirname(output), rename(path.posix.basename(output)));
  const outputs = Object.fromEntries(
    Object.entries(metafile.outputs).map(([output, meta]) => [
      renameOutput(output),
      {
        ...meta,
        imports: (meta.imports ?? []).map((imported) => ({ ...imported, path: renameOutput(imported.path) })),
      },
    ]),
  );
  return { outputFiles: renamedFiles, metafile: { outputs } };
}

/** Every name reached from `name` through `namesIn` (a script's name → the names in its text). */
function reachableFrom(name, namesIn, reached = new Set()) {
  for (const next of namesIn.get(name) ?? []) {
    if (!reached.has(next)) {
      reached.add(next);
      reachableFrom(next, namesIn, reached);
    }
  }
  return reached;
}

function sha256(text) {
  return createHash('sha256').update(text).digest();
}

/** `chunk-ABCDEFGH.js` with its 8 characters taken from `digest` (40 bits, as base32). */
function finalName(placeholder, digest) {
  const stem = HASHED_NAME.exec(placeholder)?.[1];
  if (!stem) throw new Error(`Script ${placeholder} has no 8-character hash in its name (esbuild's [hash])`);
  const bits = digest.readUIntBE(0, 5);
  const hash = Array.from({ length: 8 }, (_, index) => BASE32[Math.floor(bits / 32 ** (7 - index)) % 32]);
  return `${stem}-${hash.join('')}.js`;
}
