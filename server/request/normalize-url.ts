import type { Request, Response } from 'express';

/** The clean form of a raw path: backslashes become slashes, repeated slashes collapse, no trailing slash. */
export function cleanPath(rawPath: string): string {
  const collapsed = rawPath.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

/** Whether every `%` in the path starts a valid UTF-8 percent-encoded sequence. */
export function hasValidPercentEncoding(path: string): boolean {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Redirects non-canonical paths (`//`, `\`, trailing `/`) with 308 to their clean form. The target is always
 * a single-slash path on our origin, so `//evil.com` and `/\evil.com` become `/evil.com`, never a
 * protocol-relative URL. The `Refresh` header helps clients that do not follow 308. Returns whether it
 * redirected.
 */
export function redirectToCleanPath(request: Request, response: Response): boolean {
  const [rawPath = '/', query] = splitQuery(request.url);
  const clean = cleanPath(rawPath);
  if (clean === rawPath) return false;
  const location = `${clean}${query === undefined ? '' : `?${query}`}`;
  response.setHeader('Refresh', `0;url=${location}`);
  response.redirect(308, location);
  return true;
}

export function splitQuery(url: string): [string, string | undefined] {
  const cut = url.indexOf('?');
  return cut === -1 ? [url, undefined] : [url.slice(0, cut), url.slice(cut + 1)];
}
