import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import helmet from 'helmet';

/** One year, the usual HSTS max-age. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

const NONCE_BYTES = 16;
/** Nonces are cut from a batch of CSPRNG bytes: one call per 256 responses instead of one each. */
const NONCES_PER_BATCH = 256;
let nonceBatch = Buffer.alloc(0);
let nonceOffset = 0;

/** A fresh, unpredictable nonce (base64 of 16 random bytes). */
function nextNonce(): string {
  if (nonceOffset >= nonceBatch.length) {
    nonceBatch = randomBytes(NONCE_BYTES * NONCES_PER_BATCH);
    nonceOffset = 0;
  }
  nonceOffset += NONCE_BYTES;
  return nonceBatch.toString('base64', nonceOffset - NONCE_BYTES, nonceOffset);
}

/** Stands in for the nonce while helmet words the policy once; replaced per response. */
const NONCE_SLOT = `nonce-slot-${randomBytes(8).toString('hex')}`;

/**
 * Security headers for every response (helmet): a Content-Security-Policy whose only inline scripts are
 * those with this request's nonce (hydration data, deferred values, React's bootstrap), `connect-src`
 * limited to our origin (the Sentry tunnel is ours), no framing, `nosniff`, and a strict referrer policy.
 * HSTS (helmet's, max-age a year with subdomains) only when our origin is HTTPS (`isHttps`, createIsHttps:
 * PUBLIC_ORIGIN, else the request through a trusted proxy), the rule of `Secure` cookies too: a plain-HTTP
 * deployment must not pin HTTPS.
 *
 * helmet runs once, at start, against a recording response: its header values do not depend on the
 * request, and the policy differs per response only by the nonce, put into the recorded text. Per request,
 * helmet would validate every directive each time a directive is a function (bench/profile.mjs shows it).
 */
export function securityHeaders(isHttps: (request: Request) => boolean) {
  const recorded = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => recorded.set(name, value),
    removeHeader: (name: string) => recorded.delete(name),
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `'${NONCE_SLOT}'`],
        // Style attributes (e.g. computed tile colours) are not scripts; inline styles stay allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  })({} as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error;
  });
  const [policyBeforeNonce, policyAfterNonce] = (recorded.get('Content-Security-Policy') ?? '').split(
    NONCE_SLOT,
  );
  if (policyAfterNonce === undefined)
    throw new Error('helmet wrote no Content-Security-Policy with the nonce');
  recorded.delete('Content-Security-Policy');
  const hsts = recorded.get('Strict-Transport-Security');
  if (hsts === undefined) throw new Error('helmet wrote no Strict-Transport-Security');
  recorded.delete('Strict-Transport-Security');
  // Lower-case names: Node keys every header by its lower-cased name, which for these is then the name
  // itself rather than a new string per header and response. HTTP header names are case-insensitive.
  const staticHeaders = [...recorded].map(([name, value]) => [name.toLowerCase(), value] as const);

  return function setSecurityHeaders(request: Request, response: Response): void {
    // A prerendered page brings its own (server/process/in-process-client.ts): its file keeps that one.
    const nonce = (response.locals.cspNonce as string | undefined) ?? nextNonce();
    response.locals.cspNonce = nonce;
    response.setHeader('content-security-policy', `${policyBeforeNonce}nonce-${nonce}${policyAfterNonce}`);
    for (const [name, value] of staticHeaders) response.setHeader(name, value);
    if (isHttps(request)) response.setHeader('strict-transport-security', hsts);
  };
}
