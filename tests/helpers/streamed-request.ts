import http from 'node:http';

export interface StreamedResponse {
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
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        for (const check of waiters) check();
      });
      const ended = new Promise<string>((done, fail) => {
        response.on('end', () => done(body));
        response.on('error', fail);
      });
      ended.catch(() => {});
      resolve({
        status: response.statusCode ?? 0,
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
