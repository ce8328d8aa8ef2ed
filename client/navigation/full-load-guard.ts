/**
 * The 3.8 s deadline sends a slow navigation to a full page load, but only once per URL per tab: a server
 * that stays slow for a URL then gets the time it needs instead of a reload loop. Kept in sessionStorage
 * because the full load restarts this code.
 */
const STORAGE_KEY = 'ssr-router:full-loads';
const MAX_REMEMBERED_URLS = 50;

export function createFullLoadGuard(storage: Storage | undefined) {
  const read = (): string[] => {
    try {
      const urls = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
      return Array.isArray(urls) ? urls : [];
    } catch {
      return [];
    }
  };
  return {
    /** Whether a navigation to `url` already fell back to a full load in this tab. */
    hasFallenBack: (url: string) => read().includes(url),
    remember(url: string) {
      const urls = [...read().filter((known) => known !== url), url].slice(-MAX_REMEMBERED_URLS);
      try {
        storage?.setItem(STORAGE_KEY, JSON.stringify(urls));
      } catch {
        // Without storage the guard is per page view, which still stops an immediate loop.
      }
    },
  };
}
