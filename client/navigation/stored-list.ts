/**
 * JSON lists kept in sessionStorage, so they outlive a reload of the tab. Storage may be disabled (reading
 * `sessionStorage` throws then) or full: neither function throws, because what they keep is a nicety
 * (scroll positions) or a guard that still works within one page view (full loads).
 */
export function readStoredList<T>(win: Window, key: string): T[] {
  try {
    const stored = JSON.parse(win.sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? stored : [];
  } catch {
    return [];
  }
}

export function writeStoredList(win: Window, key: string, list: readonly unknown[]): void {
  try {
    win.sessionStorage.setItem(key, JSON.stringify(list));
  } catch {
    // See above: the caller keeps working without storage.
  }
}
