// What a change to a source file sets off in dev mode: its hot module (a module of the browser bundle) or
// the new stylesheet (a stylesheet of it) goes to the tabs at once, and a build cycle, then a restart,
// follows for everything (build/dev/restarts.mjs). The watcher follows the files the builds read.
import path from 'node:path';
import { ROOT } from '../paths.mjs';
import { isAppModule } from './refresh-transform.mjs';
import { DEV_ENTRY } from './restarts.mjs';
import { createSourceWatcher } from './source-watcher.mjs';

/** `dev`: what runDev built (cycle, hotModules, events, isStopping, keepGoing). */
export function createSourceChanges(dev) {
  /** Every URL the entry's stylesheet has had in this session, which a tab may still link to. */
  const stylesheetUrls = new Set();
  const watcher = createSourceWatcher({ onChange });

  function onChange(files) {
    if (dev.isStopping()) return;
    const clientInputs = dev.cycle.inputs(['client']);
    const changed = [...files].filter((file) => clientInputs.has(file));
    const modules = changed.filter((file) => isAppModule(ROOT, file));
    if (modules.length > 0) dev.keepGoing(sendHotModules(modules));
    const clientMetafile = dev.cycle.latest.client?.metafile;
    if (clientMetafile && changed.some((file) => file.endsWith('.css')))
      dev.keepGoing(sendStyles(clientMetafile));
    dev.keepGoing(dev.cycle.build(files));
  }

  async function sendHotModules(files) {
    const { modules } = await dev.hotModules.build(files, dev.segmentFiles ?? new Set());
    if (modules && !dev.isStopping()) dev.events.update({ modules });
  }

  async function sendStyles(clientMetafile) {
    const { url } = await dev.hotModules.styles(clientMetafile, DEV_ENTRY);
    if (!url || dev.isStopping()) return;
    const previous = [...stylesheetUrls];
    stylesheetUrls.add(url);
    dev.events.update({ modules: [], stylesheets: { previous, next: [url] } });
  }

  return {
    watcher,
    /** The entry's stylesheets of a build that went live: tabs link to them from now on. */
    stylesheetsServed(urls) {
      for (const url of urls) stylesheetUrls.add(url);
    },
    /** Watches what the builds read; a failed build adds the folders of its errors, and drops nothing. */
    watchInputs(latest) {
      const errorFiles = [latest.client, latest.server]
        .flatMap((result) => result?.errors ?? [])
        .map((error) => error.location?.file)
        .filter(Boolean)
        .map((file) => path.resolve(ROOT, file));
      watcher.watchFoldersOf([...dev.cycle.inputs(), ...errorFiles], { dropOthers: !dev.cycle.failed() });
    },
  };
}
