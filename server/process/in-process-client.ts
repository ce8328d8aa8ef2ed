import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { IN_PROCESS_TOKEN_HEADER } from '../definition/in-process.ts';

/** Carries the process's own secret: a request without it is refused, so no visitor passes as in-process. */
const TOKEN_HEADER = IN_PROCESS_TOKEN_HEADER;
/** The CSP nonce a prerendered page is written with (the same for every file of a build). */
const NONCE_HEADER = 'x-in-process-nonce';

/** What an in-process request got back. */
export interface InProcessAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/** Requests the process sends itself: prerendering, warm-up. */
export interface InProcessClient {
  /** Where it listens (127.0.0.1, a port of its own). */
  origin: string;
  /** GETs `url` (a path with its query) without compression; `cspNonce` fixes the page's nonce. */
  get(
    url: string,
    options?: { cspNonce?: string; signal?: AbortSignal; headers?: Record<string, string> },
  ): Promise<InProcessAnswer>;
  close(): Promise<void>;
}

/** Monitoring.untraced: runs work apart from every visit's monitoring. */
export type RunUntraced = <T>(work: () => T) => T;

/**
 * Serves `app` on a port of 127.0.0.1 of its own, for the process's own requests: they take every step a
 * visit takes (middleware, data, render, headers) but are no visit (`response.locals.inProcess`: no request
 * log line, no monitoring transaction; request-handler.ts), and no visitor waits behind them. Both ends run
 * `untraced`, so monitoring keeps nothing of them for a visitor's later event. The secret token is made per
 * process, so no other program can send such a request.
 */
export async function startInProcessClient(
  app: Express,
  untraced: RunUntraced = (work) => work(),
): Promise<InProcessClient> {
  const token = randomBytes(24).toString('base64url');
  const server = http.createServer(function answerInProcess(request, response) {
    if (!sameSecret(request.headers[TOKEN_HEADER], token)) {
      response.writeHead(403).end();
      return;
    }
    const nonce = request.headers[NONCE_HEADER];
    const locals = { inProcess: true, ...(typeof nonce === 'string' && { cspNonce: nonce }) };
    Object.assign(response, { locals });
    untraced(() => app(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    async get(url, { cspNonce, signal, headers: given } = {}) {
      const headers: Record<string, string> = {
        ...given,
        [TOKEN_HEADER]: token,
        'accept-encoding': 'identity',
      };
      if (cspNonce) headers[NONCE_HEADER] = cspNonce;
      return untraced(async () => {
        const answer = await fetch(`${origin}${url}`, { headers, redirect: 'manual', signal });
        return { status: answer.status, headers: answer.headers, body: await answer.text() };
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function sameSecret(given: string | string[] | undefined, token: string): boolean {
  return (
    typeof given === 'string' &&
    given.length === token.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(token))
  );
}
