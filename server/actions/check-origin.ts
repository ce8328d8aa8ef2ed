import type { Request } from 'express';

/**
 * Whether a state-changing request comes from our own pages (DESIGN.md section 7). The `Origin` host must be
 * our host (`Host`, or `X-Forwarded-Host` when TRUST_PROXY is on, via Express's `req.host`) or match
 * ALLOWED_ORIGINS; `Origin: null` (sandboxed frames, privacy redirects) never passes. Without `Origin`,
 * `Sec-Fetch-Site: cross-site` is refused; a request with neither (curl, server-to-server) passes.
 */
export function isAllowedOrigin(request: Request, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] !== 'cross-site';
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes `null`
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.host === request.host) return true;
  return allowedOrigins.some((pattern) => matchesOriginPattern(url, pattern));
}

/**
 * ALLOWED_ORIGINS entries: a host (`shop.example.com`, any scheme) or an origin (`https://shop.example.com`),
 * where `*` stands for one host label and `**` for one or more.
 */
export function matchesOriginPattern(url: URL, pattern: string): boolean {
  const schemeCut = pattern.indexOf('://');
  const scheme = schemeCut === -1 ? null : pattern.slice(0, schemeCut + 1);
  if (scheme && scheme !== url.protocol) return false;
  const hostPattern = schemeCut === -1 ? pattern : pattern.slice(schemeCut + 3);
  const [hostPart = '', portPart] = hostPattern.split(':');
  if (portPart !== undefined && portPart !== url.port) return false;
  const source = hostPart
    .split('.')
    .map((label) =>
      label === '**' ? '[a-z0-9-]+(?:\\.[a-z0-9-]+)*' : label === '*' ? '[a-z0-9-]+' : escapeRegExp(label),
    )
    .join('\\.');
  return new RegExp(`^${source}$`).test(url.hostname);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
