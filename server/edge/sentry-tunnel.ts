import type { Request, Response } from 'express';
import { envelopeUrlOf, isSameDsn, parseDsn } from '../monitoring/sentry-dsn.ts';

/** Largest envelope the tunnel takes from a browser (413 above it). */
export const TUNNEL_MAX_BODY_BYTES = 512 * 1024;
/** The upstream Sentry call gives up after this, so a sick Sentry never holds our connections. */
export const TUNNEL_UPSTREAM_TIMEOUT_MS = 3_000;
/** At most this many forwards at once; more are refused with 503 rather than queued. */
export const TUNNEL_MAX_CONCURRENT_FORWARDS = 16;

/**
 * `POST {base}/monitoring`: the browser SDK's tunnel, so ad blockers and CSP see only our origin. It reads
 * only the envelope's header line and forwards the raw body unchanged, and only when the header's DSN is
 * exactly the configured one (scheme, host, port, path prefix, project and keys; see sentry-dsn.ts), to the
 * configured DSN's envelope URL: it is not an open proxy. No client cookie or
 * header is forwarded; the upstream status is returned. Failures upstream are answered, never reported
 * to Sentry (that would loop).
 */
export function sentryTunnel(configuredDsn: string | undefined) {
  const target = parseDsn(configuredDsn);
  const envelopeUrl = target ? envelopeUrlOf(target) : '';
  let inFlight = 0;

  return async function sentryTunnelHandler(request: Request, response: Response): Promise<void> {
    response.setHeader('Cache-Control', 'no-store');
    const answer = (status: number, text: string) => {
      if (!response.headersSent) response.status(status).type('text/plain').send(text);
    };
    if (!target) return answer(404, 'Not Found');
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      return answer(405, 'Method Not Allowed');
    }
    const body = await readLimited(request, TUNNEL_MAX_BODY_BYTES);
    if (body === 'too-large') {
      response.setHeader('Connection', 'close');
      return answer(413, 'Envelope too large');
    }
    if (body === 'failed') return answer(400, 'Envelope could not be read');

    const newline = body.indexOf(10);
    let header: { dsn?: unknown };
    try {
      header = JSON.parse(body.subarray(0, newline === -1 ? body.length : newline).toString('utf8'));
    } catch {
      return answer(400, 'Bad envelope header');
    }
    // Not a URL at all: a broken envelope. A URL that is not exactly our DSN (another key, host, port, path,
    // project, or a form a URL parser would rewrite into ours): someone else's DSN.
    if (typeof header?.dsn !== 'string' || !URL.canParse(header.dsn))
      return answer(400, 'Envelope header has no valid DSN');
    const dsn = parseDsn(header.dsn);
    if (!dsn || !isSameDsn(dsn, target)) return answer(403, 'Unknown DSN');
    if (inFlight >= TUNNEL_MAX_CONCURRENT_FORWARDS) return answer(503, 'Too many envelopes in flight');

    inFlight += 1;
    try {
      const upstream = await fetch(envelopeUrl, {
        method: 'POST',
        body: new Uint8Array(body),
        headers: { 'Content-Type': 'application/x-sentry-envelope' },
        signal: AbortSignal.timeout(TUNNEL_UPSTREAM_TIMEOUT_MS),
      });
      await upstream.arrayBuffer().catch(() => undefined);
      answer(upstream.status, upstream.statusText || 'forwarded');
    } catch {
      answer(502, 'Sentry is unreachable');
    } finally {
      inFlight -= 1;
    }
  };
}

function readLimited(request: Request, limit: number): Promise<Buffer | 'too-large' | 'failed'> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.pause();
        resolve('too-large');
      } else {
        chunks.push(chunk);
      }
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', () => resolve('failed'));
  });
}
