import { KEEP_SEGMENTS_HEADER, type PageDataLine } from '../../shared/ui/page-data.ts';
import { type DeferredSettler, reviveSegments } from '../deferred-data.ts';

/**
 * What a navigation can show once the data endpoint has answered: the answer's first line (a page's
 * segments with their deferred values revived as promises), or invalid input (only for form posts).
 */
export type PageAnswer = Extract<PageDataLine, { type: 'page' | 'redirect' | 'error' | 'invalid' }>;

/**
 * The answer cannot be shown client-side: the navigation falls back to a full page load. Thrown without a
 * message or a name of its own: the loader catches it and loads the page in full (a fetcher says `failed`),
 * so neither is read; callers tell the two kinds apart with `instanceof`.
 */
export class PageLoadError extends Error {}

/** The server runs another build (the message) than this page's code: only a full load gets consistent code. */
export class BuildChangedError extends PageLoadError {}

const NDJSON = 'application/x-ndjson';

export interface PageDataOptions {
  signal?: AbortSignal;
  /** Posts this form body instead of getting the page. */
  body?: FormData | URLSearchParams;
  /** Ids of the leading segments on screen that the answer may leave out (KEEP_SEGMENTS_HEADER). */
  keep?: readonly string[];
  /**
   * Called once the answer's body has been read to its end (deferred values included), or the request
   * failed or was aborted: only then is its connection free for another request.
   */
  onBodyEnd?: () => void;
}

/**
 * Fetches a page's data (`{base}/_data/{buildId}…`), or posts a form there when given a body. Resolves with
 * the first line; deferred values keep streaming in behind it and settle the promises in `data`. Rejects on
 * network errors, 5xx, answers that are not JSON lines and a changed build (BuildChangedError).
 */
export async function fetchPageData(
  dataUrl: string,
  { signal, body, keep = [], onBodyEnd }: PageDataOptions = {},
): Promise<PageAnswer> {
  let rest: Promise<void> | undefined;
  try {
    const response = await fetch(dataUrl, {
      method: body ? 'POST' : 'GET',
      body,
      signal,
      headers: { Accept: NDJSON, ...(keep.length && { [KEEP_SEGMENTS_HEADER]: keep.join(',') }) },
      // Data answers are never stored (`no-store`), and past the HTTP cache a request for a URL already in
      // flight does not wait for the first one: Chromium's cache lets one request per URL through at a time,
      // so a navigation would otherwise queue behind its own prefetch while the server holds it.
      cache: 'no-store',
    });
    const lines = readLines(response);
    const first = await lines.next();
    const head: PageDataLine | undefined = first.done ? undefined : JSON.parse(first.value);
    if (head?.type === 'page') {
      const { segments, revived } = reviveSegments(head.segments);
      rest = readRest(lines, revived);
      return { ...head, segments };
    }
    // What is left of an answer that has nothing more to show is read all the same, so its connection is freed.
    rest = readRest(lines);
    switch (head?.type) {
      case 'redirect':
      case 'invalid':
        return head;
      case 'error':
        // A 5xx is the server's failure, not a page to show: the full load gets the server's own error page.
        if (head.status < 500) return head;
        break;
      case 'build-changed':
        throw new BuildChangedError(head.buildId);
    }
    throw new PageLoadError();
  } finally {
    void Promise.resolve(rest).then(onBodyEnd);
  }
}

/** Reads the rest of an answer to its end, settling the deferred values it streams (`revived`). */
async function readRest(lines: AsyncGenerator<string>, revived?: DeferredSettler): Promise<void> {
  try {
    for await (const text of lines) {
      const line: PageDataLine = JSON.parse(text);
      if (line.type === 'deferred') revived?.settle([line.key, line.ok, line.value]);
    }
  } catch {
    // The stream broke off (abort, network) or went bad: what is still pending shows its error element.
  } finally {
    revived?.failPending();
  }
}

async function* readLines(response: Response): AsyncGenerator<string> {
  // Anything but JSON lines (a proxy's error page, say) reads as an empty, unusable answer.
  if (!response.body || !response.headers.get('content-type')?.startsWith(NDJSON)) return;
  const reader = response.body.pipeThrough<string>(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const lines = (buffered + value).split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line) yield line;
  }
  if (buffered) yield buffered;
}
