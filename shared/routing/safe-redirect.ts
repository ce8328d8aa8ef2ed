/**
 * Redirect targets we accept: an app path (`/cart?x=1`) or an absolute http(s) URL the app chose on purpose.
 * Protocol-relative (`//evil.com`), backslash (`/\evil.com`, which browsers read as `//`) and other schemes
 * (`javascript:`) are refused: they are the classic open-redirect and script-injection vectors.
 */
export function isSafeRedirectTarget(location: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we refuse.
  if (/[\0-\x1f\x7f]/.test(location)) return false;
  if (location.startsWith('/')) return !location.startsWith('//') && !location.startsWith('/\\');
  try {
    const url = new URL(location);
    return /^https?:$/.test(url.protocol) && !location.includes('\\');
  } catch {
    return false;
  }
}

/** Whether `location` is a path inside this app (as opposed to an absolute URL elsewhere). */
export function isAppPath(location: string): boolean {
  return isSafeRedirectTarget(location) && location.startsWith('/');
}

export function assertSafeRedirectTarget(location: string): void {
  if (!isSafeRedirectTarget(location)) {
    throw new TypeError(
      `Refusing redirect target ${JSON.stringify(location)}: use an app path starting with a single "/" or an absolute http(s) URL`,
    );
  }
}
