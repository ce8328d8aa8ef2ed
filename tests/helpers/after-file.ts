import { afterAll } from 'vitest';

declare global {
  var closersAfterFile: (() => Promise<unknown>)[] | undefined;
}

/**
 * On the global object, not in this module: in a project whose workers are reused from file to file, Vitest
 * evaluates this setup file again for each file while the helpers keep the module instance they imported first.
 */
globalThis.closersAfterFile ??= [];
const closers = globalThis.closersAfterFile;

/**
 * Closes what a helper opened lazily for the whole test file (the shared shop database) once the file's
 * tests are done. This module is the runtime project's setup file, so every file runs the hook below; it
 * imports nothing else, so a file that opens nothing loads nothing for it.
 */
export function closeAfterFile(close: () => Promise<unknown>): void {
  closers.push(close);
}

afterAll(async () => {
  for (const close of closers.splice(0)) await close();
}, 30_000);
