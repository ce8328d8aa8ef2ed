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
  const positions = new Map<string, [number, number]>(readStored(win));
  let currentKey = routerKeyOf(win.history.state) ?? newKey();
  win.history.replaceState({ ...(win.history.state ?? {}), ssrRouter: { key: currentKey } }, '');

  const rememberScroll = () => {
    positions.delete(currentKey);
    positions.set(currentKey, [win.scrollX, win.scrollY]);
    while (positions.size > MAX_REMEMBERED_ENTRIES) positions.delete(positions.keys().next().value as string);
  };

  return {
    get currentKey() {
      return currentKey;
    },
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
    /** The browser already moved to the entry `key` (popstate). */
    arrive(key: string) {
      currentKey = key;
    },
    savedScroll(key: string): [number, number] | undefined {
      return positions.get(key);
    },
    /** Persists positions so a reload restores them. */
    persist() {
      rememberScroll();
      try {
        win.sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify([...positions]));
      } catch {
        // Storage full or disabled: scroll restoration after a reload is a nicety.
      }
    },
  };
}

export type HistoryEntries = ReturnType<typeof createHistoryEntries>;

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function readStored(win: Window): [string, [number, number]][] {
  try {
    const stored = JSON.parse(win.sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored : [];
  } catch {
    return [];
  }
}
