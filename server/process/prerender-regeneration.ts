import type { Express } from 'express';
import { buildHref } from '../../shared/routing/href.ts';
import type { Locales } from '../../shared/routing/locale.ts';
import type { Logger } from '../definition/logger.ts';
import {
  type PrerenderedEntry,
  type PrerenderedIndex,
  type PrerenderedPage,
  prerenderedKey,
} from '../definition/prerendered-pages.ts';
import { errorDetails } from '../monitoring/logger.ts';
import { type RunUntraced, startInProcessClient } from './in-process-client.ts';
import { renderForFile } from './prerender-pages.ts';
import { encodePage, removePageFiles, writeIndex, writePageFiles } from './prerendered-files.ts';

export interface PrerenderRegenerationOptions {
  app: Express;
  /** The folder the instance serves (and nginx, by try_files): its files are replaced here. */
  folder: string;
  index: PrerenderedIndex;
  /** The pages Node answers with their file (the app's `build.prerendered`), kept in step with the folder. */
  pages: Map<string, PrerenderedPage>;
  locales: Locales;
  basePath: string;
  /** How long between two checks (PRERENDER_CHECK_MS). */
  checkEveryMs: number;
  logger: Logger;
  /** Monitoring.untraced: the checks' requests are no visit. */
  untraced?: RunUntraced;
}

/** What a check of the pages did. */
export interface RegenerationReport {
  checked: number;
  regenerated: number;
  /** Pages that no longer render as a public 200 (a product gone): their files are gone until they do. */
  removed: number;
}

export interface PrerenderRegeneration {
  /** Checks each page made from data once, regenerating those whose versions moved. Never rejects. */
  check(): Promise<RegenerationReport>;
  /** Checks again every `checkEveryMs`, one check at a time, until `stop()`. */
  start(): void;
  stop(): Promise<void>;
}

/**
 * Keeps the prerendered pages made from data (`changesWithData`) current on this instance. A check asks the
 * app for each page in process with the file's ETag: its versions answer 304 while the file is current (no
 * data step, no render). Otherwise the answer is the page as it now is: the files go first (nginx's
 * try_files then passes the page to the instances, which render it: a visitor never gets the old page from
 * a file once this instance knows it moved), then the new ones are written beside and renamed in, and
 * Node's copy and index.json follow. Every instance does this on its own, at start and then every
 * `checkEveryMs`, so no instance needs to hear of another's regeneration.
 *
 * long function: the check, the removal and the rewrite share the folder's state and read in order.
 */
export async function startPrerenderRegeneration(
  options: PrerenderRegenerationOptions,
): Promise<PrerenderRegeneration> {
  const { folder, pages, logger } = options;
  const client = await startInProcessClient(options.app, options.untraced);
  const entries = [...options.index.pages];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RegenerationReport> | undefined;
  let stopped = false;
  const failing = new Set<string>();

  async function checkPage(position: number, report: RegenerationReport): Promise<void> {
    const entry = entries[position] as PrerenderedEntry;
    const key = prerenderedKey(entry.locale, entry.appPath);
    const url = buildHref(options.basePath, options.locales.prefixOf(entry.locale), entry.appPath);
    report.checked += 1;
    const rendered = await renderForFile(client, url, options.index.nonce, entry.etag || undefined);
    if (rendered.type === 'current') return;
    await removePageFiles(folder, entry.file);
    pages.delete(key);
    if (rendered.type === 'not-a-file') {
      if (!failing.has(key)) logger.warn({ url, problem: rendered.problem }, 'prerendered page removed');
      failing.add(key);
      entries[position] = { ...entry, etag: '' };
      report.removed += 1;
      return;
    }
    failing.delete(key);
    const bodies = await encodePage(rendered.html);
    const { etag, cacheControl, csp } = rendered;
    const current = { ...entry, etag, cacheControl, contentSecurityPolicy: csp };
    await writePageFiles(folder, entry.file, bodies);
    entries[position] = current;
    pages.set(key, { ...current, bodies });
    report.regenerated += 1;
  }

  async function checkAll(): Promise<RegenerationReport> {
    const report: RegenerationReport = { checked: 0, regenerated: 0, removed: 0 };
    for (const [position, entry] of entries.entries()) {
      if (stopped) break;
      if (!entry.changesWithData) continue;
      try {
        await checkPage(position, report);
      } catch (error) {
        logger.warn({ page: entry.appPath, err: errorDetails(error) }, 'prerendered page check failed');
      }
    }
    if (report.regenerated + report.removed === 0) return report;
    logger.info(report, 'prerendered pages regenerated');
    // For the next instance to start: it loads the pages whose ETag the index gives.
    await writeIndex(folder, { ...options.index, pages: entries }).catch((error) =>
      logger.warn({ err: errorDetails(error) }, 'prerendered index not written'),
    );
    return report;
  }

  const check = () => {
    running ??= checkAll().finally(() => {
      running = undefined;
    });
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void check().then(schedule), options.checkEveryMs);
    timer.unref();
  };
  return {
    check,
    start: schedule,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      await client.close();
    },
  };
}
