import type { Request } from 'express';

/** Our origin for a request (`https://shop.example`): what every absolute URL we write starts with. */
export type OriginOf = (request: Request) => string;

/** What the request's origin falls back to when it names no usable host (none, or a malformed one). */
const FALLBACK_ORIGIN = 'http://localhost';

/**
 * Builds the app's `originOf` from PUBLIC_ORIGIN (config.publicOrigin). When it is set, that origin is used
 * whatever the request says, so a forged Host or X-Forwarded-Host never reaches an answer that a cache keeps
 * for everyone (host-header poisoning of sitemap.xml, robots.txt...). Otherwise the request's own origin.
 * Never throws.
 */
export function createOriginOf(publicOrigin: string | undefined): OriginOf {
  if (publicOrigin !== undefined) {
    return function publicOriginOf() {
      return publicOrigin;
    };
  }
  return function originOf(request) {
    return requestOrigin(request) ?? FALLBACK_ORIGIN;
  };
}

/**
 * Whether our origin for a request is HTTPS, the one rule for `Secure` cookies and HSTS: PUBLIC_ORIGIN's
 * scheme when it is set (TLS often ends at a proxy that sends no X-Forwarded-Proto, or is not trusted), else
 * the request's (`request.secure`: X-Forwarded-Proto counts only behind a trusted proxy, TRUST_PROXY).
 */
export function createIsHttps(publicOrigin: string | undefined): (request: Request) => boolean {
  if (publicOrigin !== undefined) {
    const isHttps = publicOrigin.startsWith('https:');
    return function isPublicOriginHttps() {
      return isHttps;
    };
  }
  return function isRequestHttps(request) {
    return request.secure;
  };
}

/**
 * The request's own origin as the client sees it, normalised as browsers write `Origin` (WHATWG URL: lower
 * case host, default port dropped): the scheme of `request.protocol` and the host of `request.host`, which
 * read X-Forwarded-Proto and X-Forwarded-Host only behind a trusted proxy (TRUST_PROXY). Undefined when
 * they make no http(s) origin: no Host, a malformed one, or a forwarded scheme other than http and https.
 */
export function requestOrigin(request: Request): string | undefined {
  const scheme = request.protocol.toLowerCase();
  const { host } = request;
  // A host with a path, query, fragment or user name in it would parse as some other origin.
  if ((scheme !== 'http' && scheme !== 'https') || !host || /[/\\?#@]/.test(host)) return undefined;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * The full URL the client asked for (or `target`, a path and query), on `origin`. Only the path and query come from it:
 * a target that is not a path (`*`) gives the root, and `//other.example/x` stays a path on our host.
 */
export function requestUrl(request: Request, origin: string, target = request.originalUrl): URL {
  return new URL(`${origin}${target.startsWith('/') ? target : '/'}`);
}
