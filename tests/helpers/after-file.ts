import { afterAll } from 'vitest';

const closers: (() => Promise<unknown>)[] = [];

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
