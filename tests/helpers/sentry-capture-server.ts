import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface EnvelopeItem {
  header: { type: string; length?: number; [key: string]: unknown };
  payload: Record<string, unknown>;
}

export interface CapturedEnvelope {
  project: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** The request headers the capture server saw (to check that no cookies were forwarded). */
  requestHeaders: http.IncomingHttpHeaders;
  raw: Buffer;
}

export interface SentryCaptureServer {
  /** A DSN pointing at this server, for project `42`. */
  dsn: string;
  origin: string;
  envelopes: CapturedEnvelope[];
  /** Every item of `type` across all envelopes. */
  items(type: string): EnvelopeItem[];
  /** Resolves once `predicate` holds for the captured envelopes (bounded by `timeoutMs`). */
  waitFor(predicate: (envelopes: CapturedEnvelope[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Makes the server answer with `status` (e.g. 429) or wait `delayMs` first, to play a sick Sentry. */
  behave(behaviour: { status?: number; delayMs?: number }): void;
  close(): Promise<void>;
}

/**
 * A Sentry-compatible ingestion endpoint on 127.0.0.1: accepts `POST /api/<project>/envelope/`, parses and
 * records each envelope, so tests exercise the real SDK transports end to end.
 */
export async function startSentryCaptureServer(): Promise<SentryCaptureServer> {
  const envelopes: CapturedEnvelope[] = [];
  const waiters = new Set<() => void>();
  let behaviour: { status?: number; delayMs?: number } = {};

  const server = http.createServer((request, response) => {
    const match = /^\/api\/(\d+)\/envelope\/?(\?.*)?$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let raw = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      envelopes.push({
        project: match[1] ?? '',
        ...parseEnvelope(raw),
        requestHeaders: request.headers,
        raw,
      });
      for (const check of waiters) check();
      const answer = () => {
        if (response.destroyed) return;
        response.writeHead(behaviour.status ?? 200, { 'Content-Type': 'application/json' }).end('{}');
      };
      if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    dsn: `http://public0key@127.0.0.1:${port}/42`,
    origin,
    envelopes,
    items: (type) =>
      envelopes.flatMap((envelope) => envelope.items.filter((item) => item.header.type === type)),
    behave(next) {
      behaviour = next;
    },
    waitFor: (predicate, timeoutMs = 10_000) => waitForEnvelopes(envelopes, waiters, predicate, timeoutMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Resolves once `predicate` holds for the envelopes captured so far; rejects after `timeoutMs`. */
function waitForEnvelopes(
  envelopes: CapturedEnvelope[],
  waiters: Set<() => void>,
  predicate: (envelopes: CapturedEnvelope[]) => boolean,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!predicate(envelopes)) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve();
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(
        new Error(`Sentry capture: condition not met within ${timeoutMs} ms (${envelopes.length} envelopes)`),
      );
    }, timeoutMs);
    waiters.add(check);
    check();
  });
}

/** Parses the envelope format: a header line, then per item a header line and a payload (sized or one line). */
export function parseEnvelope(raw: Buffer): { header: Record<string, unknown>; items: EnvelopeItem[] } {
  let offset = 0;
  const readLine = () => {
    const end = raw.indexOf(10, offset);
    const line = raw.subarray(offset, end === -1 ? raw.length : end);
    offset = end === -1 ? raw.length : end + 1;
    return line.toString('utf8');
  };
  const header = JSON.parse(readLine()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < raw.length) {
    const headerLine = readLine();
    if (!headerLine.trim()) continue;
    const itemHeader = JSON.parse(headerLine) as EnvelopeItem['header'];
    let payloadText: string;
    if (typeof itemHeader.length === 'number') {
      payloadText = raw.subarray(offset, offset + itemHeader.length).toString('utf8');
      offset += itemHeader.length + 1;
    } else {
      payloadText = readLine();
    }
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(payloadText) as Record<string, unknown>;
    } catch {
      payload = { raw: payloadText };
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}
