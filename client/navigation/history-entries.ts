import { readStoredList, writeStoredList } from './stored-list.ts';

/**
 * The history entries the router creates carry `{ ssrRouter: { key } }`; scroll positions are kept per key
 * (and in sessionStorage across reloads), because by the time `popstate` fires the entry being left can
 * no longer be written to.
 */
const SCROLL_STORAGE_KEY = 'ssr-router:scroll';
const MAX_REMEMBERED_ENTRIES = 100;

export interface RouterHistoryState {
  ssrRouter: { key: string };
}

export function routerKeyOf(state: unknown): string | null {
  const key = (state as Partial<RouterHistoryState> | null)?.ssrRouter?.key;
  return typeof key === 'string' ? key : null;
}

export function createHistoryEntries(win: Window) {
  // Read by the first rememberScroll, which every other use follows, not at start: the tab's first
  // sessionStorage access waits for the browser process, busiest while the page loads.
  let positions: Map<string, [number, number]> | undefined;
  let currentKey = routerKeyOf(win.history.state) ?? newKey();
  win.history.replaceState({ ...win.history.state, ssrRouter: { key: currentKey } }, '');

  const rememberScroll = () => {
    positions ??= new Map(readStoredList(win, SCROLL_STORAGE_KEY));
    positions.delete(currentKey);
    positions.set(currentKey, [win.scrollX, win.scrollY]);
    while (positions.size > MAX_REMEMBERED_ENTRIES) positions.delete(positions.keys().next().value as string);
  };

  return {
    rememberScroll,
    /** A new entry for a push navigation. */
    push(url: string) {
      rememberScroll();
      currentKey = newKey();
      win.history.pushState({ ssrRouter: { key: currentKey } }, '', url);
    },
    replace(url: string) {
      win.history.replaceState({ ssrRouter: { key: currentKey } }, '', url);
    },
    /** The browser already moved to the entry `key` (popstate); returns the scroll position saved for it. */
    arrive(key: string): [number, number] | undefined {
      currentKey = key;
      return positions!.get(key);
    },
    /** Persists positions so a reload restores them. */
    persist() {
      rememberScroll();
      writeStoredList(win, SCROLL_STORAGE_KEY, [...positions!]);
    },
  };
}

export type HistoryEntries = ReturnType<typeof createHistoryEntries>;

function newKey(): string {
  return Math.random().toString(36).slice(2);
}
