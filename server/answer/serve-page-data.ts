import type { Request, Response } from 'express';
import { buildHref } from '../../shared/routing/href.ts';
import type { Locales } from '../../shared/routing/locale.ts';
import { parseDataPath } from '../../shared/routing/reserved-paths.ts';
import { KEEP_SEGMENTS_HEADER, type PageDataLine } from '../../shared/ui/page-data.ts';
import type { DeferredEntry, SegmentState } from '../../shared/ui/ssr-payload.ts';
import type { ReportError } from '../monitoring/report-error.ts';
import { hasValidPercentEncoding } from '../request/normalize-url.ts';
import { type PageRequest, setPageRequest } from '../request/page-request.ts';
import { notePublicAnswer } from '../request/private-reads.ts';
import {
  abortOnDisconnectOrDeadline,
  ClientDisconnectedError,
  type RequestAbort,
} from '../request/request-abort.ts';
import { prepareDeferredData } from '../resolve/deferred-data.ts';
import type { PageResolution } from '../resolve/page-resolution.ts';
import type { ResolveFrame, ResolvePage } from '../resolve/resolve-page.ts';
import { applyCaching } from './caching-headers.ts';
import type { HandleAction } from './handle-action.ts';
import { dataLine, flush, sendDataLine, sendErrorLine, startDataLines } from './page-data-response.ts';

export interface ServePageDataOptions {
  resolvePage: ResolvePage;
  basePath: string;
  /** The app's locales: a data URL carries its page's locale prefix. */
  locales: Locales;
  buildId: string;
  renderTimeoutMs: number;
  reportError: ReportError;
  /** Form posts to the data URL: the JavaScript path of server actions. */
  handleAction: HandleAction;
  /** The root layout's segment, sent with an error answer (its data frames the error page). */
  resolveFrame: ResolveFrame;
}

/**
 * `GET {base}/_data/{buildId}{/locale}{path}` (POST there runs the page's action and answers as data): what a client navigation needs, as JSON lines
 * (`application/x-ndjson`). The first line is the page (data with deferred placeholders, head), a redirect,
 * or an error status; each deferred value follows on its own line as it settles. A request that names an
 * old build id gets `build-changed` (409), so the browser loads the page in full with the new code.
 */
export function servePageData({
  resolvePage,
  basePath,
  locales,
  buildId,
  renderTimeoutMs,
  reportError,
  handleAction,
  resolveFrame,
}: ServePageDataOptions) {
  return async function servePageDataHandler(
    request: Request,
    response: Response,
    rest: string,
  ): Promise<void> {
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    const pageRequest = readDataRequest(request, response, rest, buildId, basePath, locales);
    if (!pageRequest) return;
    setPageRequest(response, pageRequest);
    if (request.method === 'POST') return handleAction(request, response, pageRequest, 'data');
    const abort = abortOnDisconnectOrDeadline(response, renderTimeoutMs);
    try {
      const keepHeader = request.get(KEEP_SEGMENTS_HEADER) ?? '';
      // What the answer is made from besides its data: the segments the browser keeps change it too.
      response.vary(KEEP_SEGMENTS_HEADER);
      const made = ['data', buildId, pageRequest.locale, pageRequest.appPath, pageRequest.search, keepHeader];
      const keep = new Set(keepHeader ? keepHeader.split(',') : undefined);
      const resolution = await resolvePage(request, response, pageRequest, abort, keep, made);
      // A resource route has no page to show, nor a prerendered file (documents only): the browser loads it.
      if (resolution.type === 'resource' || resolution.type === 'prerendered') return loadInFull(response);
      if (resolution.type === 'not-modified') return void applyCaching(response, resolution.caching);
      if (resolution.type === 'redirect') {
        return sendDataLine(response, 200, {
          type: 'redirect',
          location: resolution.location,
          status: resolution.status,
        });
      }
      if (resolution.type === 'error') {
        const frame = await resolveFrame(request, response, pageRequest, abort);
        const states = frame.map(({ state }) => state);
        return sendErrorLine(response, resolution.status, states, resolution.message);
      }

      const { caching } = resolution;
      if (caching && applyCaching(response, caching)) return;
      if (caching?.type === 'public') notePublicAnswer(response);
      await sendPageLines(request, response, resolution, abort, reportError);
    } catch (error) {
      if (error instanceof ClientDisconnectedError) return;
      reportError(error, request);
      if (!response.headersSent) sendErrorLine(response, 500);
      else response.destroy();
    }
  };
}

/** The page's data as JSON lines: the page with deferred placeholders first, then each deferred value as it settles. */
async function sendPageLines(
  request: Request,
  response: Response,
  resolution: Extract<PageResolution, { type: 'page' }>,
  abort: RequestAbort,
  reportError: ReportError,
): Promise<void> {
  const { routeId, params, head, headKept, status, kept } = resolution;
  const entries: Promise<DeferredEntry>[] = [];
  const segments = resolution.segments.map(({ state }, index): SegmentState | null => {
    if (kept.has(index)) return null;
    if (!('data' in state)) return state;
    const deferred = prepareDeferredData(
      state.data,
      abort,
      (error) => reportError(error, request, 'data-step'),
      `${state.id}:`,
    );
    entries.push(...deferred.entries);
    return { ...state, data: deferred.serializable };
  });
  startDataLines(response, status);
  const page: PageDataLine = { type: 'page', routeId, params, segments, status };
  if (!headKept) page.head = head;
  response.write(dataLine(page));
  flush(response);
  await Promise.all(
    entries.map((entry) =>
      entry.then(([key, ok, value]) => {
        if (response.destroyed) return;
        response.write(dataLine({ type: 'deferred', key, ok, value }));
        flush(response);
      }),
    ),
  );
  response.end();
}

/** Names the build a browser was last told of (a `build-changed` answer); nginx's page cache keys by it. */
export const BUILD_COOKIE = 'ssr-build';

/**
 * The page a data URL asks for; undefined once it has been answered: 409 for another build, 405 for another
 * method, 400 for malformed percent-encoding, a redirect line for a locale spelled otherwise (`/en/…`).
 */
function readDataRequest(
  request: Request,
  response: Response,
  rest: string,
  buildId: string,
  basePath: string,
  locales: Locales,
): PageRequest | undefined {
  const { buildId: requestedBuild, path, query } = parseDataPath(rest);
  if (requestedBuild !== buildId) {
    // The browser loads the page in full next: a shared cache keys its pages by this cookie too
    // (nginx.example.conf), so that load gets this build's page, not a copy an older build left there.
    response.cookie(BUILD_COOKIE, buildId, {
      httpOnly: true,
      sameSite: 'lax',
      path: basePath || '/',
      secure: request.secure,
    });
    return void sendDataLine(response, 409, { type: 'build-changed', buildId });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST') {
    response.setHeader('Allow', 'GET, HEAD, POST');
    return void sendErrorLine(response, 405);
  }
  if (!hasValidPercentEncoding(path)) return void sendErrorLine(response, 400);
  const search = query === undefined ? '' : `?${query}`;
  const target = locales.splitPrefix(path);
  if (target.type === 'redirect') {
    const location = `${buildHref(basePath, locales.prefixOf(target.locale), target.path)}${search}`;
    return void sendDataLine(response, 200, { type: 'redirect', location, status: 308 });
  }
  return { locale: target.locale, appPath: target.path, search, pageTarget: `${basePath}${path}${search}` };
}

/** The answer that has the browser load the page in full (a `resource` line). */
function loadInFull(response: Response): void {
  sendDataLine(response, 200, { type: 'resource' });
}
