import type { Head, RouteParams } from '../../shared/routing/route-table.ts';
import type { PageDataLine } from '../../shared/ui/page-data.ts';
import { reviveDeferredData } from '../deferred-data.ts';

/** What a navigation can show once the data endpoint has answered. */
export type PageAnswer =
  | { type: 'page'; routeId: string; params: RouteParams; data: unknown; head: Head; layout: unknown }
  | { type: 'redirect'; location: string }
  | { type: 'error'; status: number; head: Head; layout?: unknown }
  /** Only for form posts: invalid input, to show next to the fields. */
  | { type: 'invalid'; action: string; errors: Record<string, string>; values: Record<string, string> };

/** The answer cannot be shown client-side: the navigation falls back to a full page load. */
export class PageLoadError extends Error {
  override readonly name: string = 'PageLoadError';
}

/** The server runs another build than this page's code: only a full load gets consistent code. */
export class BuildChangedError extends PageLoadError {
  override readonly name = 'BuildChangedError';
}

/**
 * Fetches a page's data (`{base}/_data/{buildId}…`). Resolves with the first line; deferred values keep
 * streaming in behind it and settle the promises in `data`. Network errors, 5xx, non-JSON answers and a
 * changed build are PageLoadErrors.
 */
export async function fetchPageData(
  dataUrl: string,
  signal: AbortSignal,
  post?: { body: FormData | URLSearchParams },
): Promise<PageAnswer> {
  const response = await fetch(dataUrl, {
    signal,
    method: post ? 'POST' : 'GET',
    body: post?.body,
    credentials: 'same-origin',
    headers: { Accept: 'application/x-ndjson' },
  });
  if (!response.body || !response.headers.get('content-type')?.startsWith('application/x-ndjson')) {
    throw new PageLoadError(`Data answer for ${dataUrl} is not JSON lines (status ${response.status})`);
  }
  const lines = readLines(response.body);
  const first = await lines.next();
  const head = first.done ? undefined : parseLine(first.value, dataUrl);
  if (!head) throw new PageLoadError(`Empty data answer for ${dataUrl}`);
  switch (head.type) {
    case 'page': {
      const revived = reviveDeferredData(head.data);
      void settleDeferred(lines, revived, dataUrl);
      return { ...head, data: revived.data };
    }
    case 'redirect':
      return { type: 'redirect', location: head.location };
    case 'error':
      if (head.status >= 500) throw new PageLoadError(`Server error ${head.status} for ${dataUrl}`);
      return head;
    case 'invalid':
      return head;
    case 'build-changed':
      throw new BuildChangedError(`The server runs build ${head.buildId} now`);
    case 'deferred':
      throw new PageLoadError(`Unexpected first line in the data answer for ${dataUrl}`);
  }
}

async function settleDeferred(
  lines: AsyncGenerator<string>,
  revived: ReturnType<typeof reviveDeferredData>,
  dataUrl: string,
): Promise<void> {
  try {
    for await (const text of lines) {
      const line = parseLine(text, dataUrl);
      if (line.type === 'deferred') revived.settle([line.key, line.ok, line.value]);
    }
  } catch {
    // The stream broke off (abort, network): what is still pending shows its error element.
  } finally {
    revived.failPending();
  }
}

function parseLine(text: string, dataUrl: string): PageDataLine {
  try {
    return JSON.parse(text) as PageDataLine;
  } catch {
    throw new PageLoadError(`Malformed data line for ${dataUrl}`);
  }
}

async function* readLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline !== -1) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line) yield line;
        newline = buffered.indexOf('\n');
      }
    }
    if (buffered) yield buffered;
  } finally {
    reader.releaseLock();
  }
}
