import http from 'node:http';
import type { Express } from 'express';
import { listen } from './listen.ts';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends a request with the path exactly as given. supertest parses URLs the WHATWG way, which turns `\`
 * into `/` and resolves `..` before sending, so it cannot test what a raw client sends.
 */
export async function rawRequest(
  app: Express,
  path: string,
  headers: http.OutgoingHttpHeaders = {},
): Promise<RawResponse> {
  const server = await listen(app);
  try {
    return await new Promise<RawResponse>((resolve, reject) => {
      const request = http.get(`${server.origin}/`, { path, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      request.setTimeout(10_000, () => request.destroy(new Error(`No answer for ${path} within 10 s`)));
      request.on('error', reject);
    });
  } finally {
    await server.close();
  }
}
