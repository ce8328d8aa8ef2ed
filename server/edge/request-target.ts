import { isIPv6 } from 'node:net';
import type { Request } from 'express';
import { requestOrigin } from '../request/origin-of.ts';

/** DNS names stop at 253 bytes; a Host longer than this, port included, names nothing we serve. */
export const MAX_HOST_LENGTH = 255;

/** A registered name or IPv4 address (letters, digits, `-`, `.`, `_`), then an optional port. */
const NAME_HOST = /^([A-Za-z0-9._-]+)(?::(\d{1,5}))?$/;
/** An IPv6 literal in brackets, then an optional port. */
const IPV6_HOST = /^\[([0-9A-Fa-f:.]+)\](?::(\d{1,5}))?$/;
/** An absolute-form request target (RFC 9112 section 3.2.2): scheme, authority, then path and query. */
const ABSOLUTE_FORM = /^(https?):\/\/([^/?#]*)([^#]*)$/i;

/** Why a request was refused before any route code ran; each answers 400. */
export type TargetProblem = 'several-hosts' | 'malformed-host' | 'malformed-target' | 'foreign-authority';

/**
 * Checks where a request says it goes, before anything else reads it:
 * - exactly one Host header (RFC 9112 section 3.2: a second one is a 400), well formed: a name, an IPv4 or
 *   a bracketed IPv6 address, an optional port up to 65535, at most MAX_HOST_LENGTH bytes; the same for the
 *   X-Forwarded-Host that Express reads as the host when TRUST_PROXY is on;
 * - an origin-form target (`/path?query`), or an absolute-form one (`http://host/path`, which servers must
 *   accept) whose authority is ours: PUBLIC_ORIGIN's host when set, else the request's. That target is
 *   rewritten to its path, so nothing after this sees a scheme or a host in `request.url` and no redirect
 *   built from it can leave our origin.
 * Returns the problem, or undefined when the request may go on.
 */
export function checkRequestTarget(
  request: Request,
  publicOrigin: string | undefined,
): TargetProblem | undefined {
  if (countHostHeaders(request.rawHeaders) > 1) return 'several-hosts';
  const host = request.headers.host;
  if (host !== undefined && !isValidHost(host)) return 'malformed-host';
  // Express's req.host: X-Forwarded-Host when the proxy is trusted, else Host.
  const effectiveHost = request.host;
  if (effectiveHost !== host && effectiveHost !== undefined && !isValidHost(effectiveHost))
    return 'malformed-host';

  const target = request.url;
  if (target.startsWith('/')) return undefined;
  const absolute = ABSOLUTE_FORM.exec(target);
  if (!absolute) return 'malformed-target';
  const [, scheme = 'http', authority = '', rest = ''] = absolute;
  if (!isValidHost(authority)) return 'malformed-target';
  const ours = publicOrigin ?? requestOrigin(request);
  if (ours === undefined || hostOf(scheme, authority) !== new URL(ours).host) return 'foreign-authority';
  const path = rest === '' || rest.startsWith('?') ? `/${rest}` : rest;
  request.url = path;
  request.originalUrl = path;
  return undefined;
}

/** Whether a Host (or X-Forwarded-Host) value is a host we could be: see checkRequestTarget. */
export function isValidHost(value: string): boolean {
  if (value.length === 0 || value.length > MAX_HOST_LENGTH) return false;
  const name = NAME_HOST.exec(value);
  const ipv6 = name ? undefined : IPV6_HOST.exec(value);
  if (ipv6 && !isIPv6(ipv6[1] ?? '')) return false;
  const port = (name ?? ipv6)?.[2];
  return Boolean(name ?? ipv6) && (port === undefined || Number(port) <= 65535);
}

/** The host as an origin compares it: lower case, the scheme's default port dropped. */
function hostOf(scheme: string, host: string): string | undefined {
  try {
    return new URL(`${scheme.toLowerCase()}://${host}`).host;
  } catch {
    return undefined;
  }
}

function countHostHeaders(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index]?.length === 4 && rawHeaders[index]?.toLowerCase() === 'host') count += 1;
  }
  return count;
}
