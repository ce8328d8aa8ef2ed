import http from 'node:http';
import zlib from 'node:zlib';

export interface StreamedResponse {
  /** The Content-Encoding the server chose (the body below is already decoded). */
  encoding: string | undefined;
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  received(): string;
  /** Resolves once the received text contains `text` (bounded by `timeoutMs`). */
  waitFor(text: string, timeoutMs?: number): Promise<string>;
  /** Resolves with the whole body when the response ends. */
  ended: Promise<string>;
  /** Drops the connection, as a browser tab closing would. */
  destroy(): void;
}

/** GETs `url` and exposes the body as it streams in, chunk by chunk. */
export function streamedRequest(
  url: string,
  headers: http.OutgoingHttpHeaders = {},
): Promise<StreamedResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      let body = '';
      const waiters = new Set<() => void>();
      // Decompress as chunks arrive, the way a browser does, so flushed compressed chunks show up at once.
      const encoding = response.headers['content-encoding'];
      const stream =
        encoding === 'gzip'
          ? response.pipe(zlib.createGunzip())
          : encoding === 'br'
            ? response.pipe(zlib.createBrotliDecompress())
            : response;
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        body += chunk;
        for (const check of waiters) check();
      });
      const ended = new Promise<string>((done, fail) => {
        stream.on('end', () => done(body));
        stream.on('error', fail);
      });
      ended.catch(() => {});
      resolve({
        status: response.statusCode ?? 0,
        encoding,
        headers: response.headers,
        received: () => body,
        ended,
        destroy: () => request.destroy(),
        waitFor: (text, timeoutMs = 5_000) =>
          new Promise<string>((found, fail) => {
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(
                new Error(`"${text}" did not arrive within ${timeoutMs} ms; received: ${body.slice(-300)}`),
              );
            }, timeoutMs);
            const check = () => {
              if (!body.includes(text)) return;
              clearTimeout(timer);
              waiters.delete(check);
              found(body);
            };
            waiters.add(check);
            check();
          }),
      });
    });
    request.on('error', reject);
  });
}
