import type { Request } from 'express';
import { requestOrigin } from '../request/origin-of.ts';

/** Which origins besides the request's own may post actions. */
export interface OriginPolicy {
  /** ALLOWED_ORIGINS patterns (matchesOriginPattern). */
  allowedOrigins: readonly string[];
  /** PUBLIC_ORIGIN, normalised (config.publicOrigin). */
  publicOrigin: string | undefined;
}

/**
 * Whether a state-changing request comes from our own pages (OWASP CSRF Prevention Cheat Sheet, "Verifying
 * Origin with standard headers"). `Origin` is compared as an origin (scheme, lower-case host, default port
 * dropped) with ours: the request's own (`request.protocol` and `request.host`, which read X-Forwarded-Proto
 * and -Host only with TRUST_PROXY) or PUBLIC_ORIGIN; else it must match ALLOWED_ORIGINS. `Origin: null`
 * (sandboxed frames, privacy redirects) and a Host that makes no origin never pass. Without `Origin`,
 * `Sec-Fetch-Site: cross-site` is refused; a request with neither (curl, server-to-server) passes.
 */
export function isAllowedOrigin(request: Request, { allowedOrigins, publicOrigin }: OriginPolicy): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] !== 'cross-site';
  // Browsers always send a well-formed Host: a request without one is no post from our pages.
  const ours = requestOrigin(request);
  if (ours === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes `null`
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.origin === ours || url.origin === publicOrigin) return true;
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
