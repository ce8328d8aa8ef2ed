// Which source files changed, as soon as they change: one fs.watch (inotify on Linux) per folder that holds
// an input of the last builds, so an edit is seen at once and by name (esbuild's own watch mode polls, and
// does not say what changed). Events within SETTLE_MS of each other are one change, as editors write a
// file in several steps.
import { watch } from 'node:fs';
import path from 'node:path';

const SETTLE_MS = 12;

/** `onChange(files)`: a Set of absolute paths, once the writes have settled. */
export function createSourceWatcher({ onChange }) {
  const watchers = new Map();
  let pending = new Set();
  let timer = null;

  const flush = () => {
    timer = null;
    const files = pending;
    pending = new Set();
    onChange(files);
  };
  const seen = (dir, name) => {
    if (!name) return;
    pending.add(path.join(dir, name.toString()));
    clearTimeout(timer);
    timer = setTimeout(flush, SETTLE_MS);
  };

  return {
    /** Watches the folders of `files` (absolute paths); with `dropOthers`, only those. */
    watchFoldersOf(files, { dropOthers = true } = {}) {
      const dirs = new Set([...files].map((file) => path.dirname(file)));
      for (const [dir, watcher] of watchers) {
        if (dirs.has(dir) || !dropOthers) continue;
        watcher.close();
        watchers.delete(dir);
      }
      for (const dir of dirs) {
        if (watchers.has(dir)) continue;
        try {
          const watcher = watch(dir, (_event, name) => seen(dir, name));
          // The folder went away (deleted or moved): stop watching it; a later build brings it back.
          watcher.on('error', () => {
            watcher.close();
            watchers.delete(dir);
          });
          watchers.set(dir, watcher);
        } catch {
          // A folder that went away between the build and now: its importer's next change brings it back.
        }
      }
    },
    close() {
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
