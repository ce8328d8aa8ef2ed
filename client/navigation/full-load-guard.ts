import { readStoredList, writeStoredList } from './stored-list.ts';

/**
 * The 3.8 s deadline sends a slow navigation to a full page load, but only once per URL per tab: a server
 * that stays slow for a URL then gets the time it needs instead of a reload loop. Kept in sessionStorage
 * because the full load restarts this code.
 */
const STORAGE_KEY = 'ssr-router:full-loads';
const MAX_REMEMBERED_URLS = 50;

/** Whether a navigation to `url` already fell back to a full load in this tab. */
export function hasFallenBack(win: Window, url: string): boolean {
  return readStoredList(win, STORAGE_KEY).includes(url);
}

/** Loads `url` in full (in place of the current entry with `replace`), remembering that it fell back. */
export function fullLoad(win: Window, url: string, replace?: boolean): void {
  const urls = [...readStoredList(win, STORAGE_KEY).filter((known) => known !== url), url];
  writeStoredList(win, STORAGE_KEY, urls.slice(-MAX_REMEMBERED_URLS));
  win.location[replace ? 'replace' : 'assign'](url);
}
