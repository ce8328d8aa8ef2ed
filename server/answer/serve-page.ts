import type { NextFunction, Request, Response } from 'express';
import type { ResourceHandlers } from '../definition/resource.ts';
import type { ReportError } from '../monitoring/report-error.ts';
import type { DocumentRenderer } from '../render/document-renderer.ts';
import type { PageRequest } from '../request/page-request.ts';
import { reportThrown } from '../request/report-thrown.ts';
import { abortOnDisconnectOrDeadline, ClientDisconnectedError } from '../request/request-abort.ts';
import type { ResolvePage } from '../resolve/resolve-page.ts';
import type { MiddlewareRunner } from '../resolve/run-middleware.ts';
import { applyCaching } from './caching-headers.ts';
import { answerResource } from './resource-route.ts';
import { sendPrerendered } from './send-prerendered.ts';
import { sendRedirect } from './send-redirect.ts';
import { BUILD_COOKIE } from './serve-page-data.ts';

export interface ServePageOptions {
  resolvePage: ResolvePage;
  renderer: DocumentRenderer;
  /** Deadline for data step plus render (RENDER_TIMEOUT_MS unless a test shortens it). */
  renderTimeoutMs: number;
  /** The app's resource route handlers, by route id. */
  resources: ResourceHandlers;
  /**
   * Part of every public document's ETag: the build, its BASE_PATH, and what the page's payload tells the
   * browser of this instance (Sentry, debug routes). Another build, or an instance set up otherwise, renders documents anew,
   * and no prerendered file or cached copy made by the other is taken for its own.
   */
  documentVersion: string;
  /** This build's id: a browser whose `ssr-build` cookie names another gets its page privately. */
  buildId: string;
  reportError: ReportError;
  /** The app's middleware: those that wrap a resource route may answer its handler's error otherwise. */
  middleware: MiddlewareRunner;
}

/**
 * `GET`/`HEAD` of a page: resolves it (data steps, boundaries) and streams its document, or answers its
 * redirect, error page or resource. Unexpected errors go to Express's error handler (the 500 page).
 */
export function servePage(options: ServePageOptions) {
  const {
    resolvePage,
    renderer,
    renderTimeoutMs,
    resources,
    documentVersion,
    buildId,
    reportError,
    middleware,
  } = options;
  return async function servePageHandler(
    request: Request,
    response: Response,
    pageRequest: PageRequest,
    next: NextFunction,
  ): Promise<void> {
    const abort = abortOnDisconnectOrDeadline(response, renderTimeoutMs);
    try {
      const made = toldOfAnotherBuild(request, buildId)
        ? undefined
        : ['document', documentVersion, pageRequest.locale, pageRequest.appPath, pageRequest.search];
      const resolution = await resolvePage(request, response, pageRequest, abort, undefined, made);
      switch (resolution.type) {
        case 'not-modified':
          return void applyCaching(response, resolution.caching);
        case 'prerendered':
          return sendPrerendered(request, response, resolution.page);
        case 'redirect':
          return sendRedirect(response, resolution.location, resolution.status);
        case 'error':
          return renderer.renderError(request, response, pageRequest, resolution.status, {
            message: resolution.message,
          });
        case 'page': {
          const { caching } = resolution;
          if (caching && applyCaching(response, caching)) return;
          const render = { ...resolution, abort, shared: caching?.type === 'public' };
          return renderer.renderRoute(request, response, pageRequest, render);
        }
        case 'resource':
          return await answerResource(request, response, {
            handler: resources[resolution.routeId],
            routeId: resolution.routeId,
            context: resolution.context,
            renderError: (status, message) =>
              renderer.renderError(request, response, pageRequest, status, { message }),
            failed: (error) => middleware.failed(resolution.context, error),
          }).catch((error: unknown) => reportThrown(error, request, 'resource', reportError));
      }
    } catch (error) {
      if (error instanceof ClientDisconnectedError) return;
      next(error);
    }
  };
}

/**
 * Whether the browser was told of another build than this one (its `ssr-build` cookie, set by a data answer
 * of that build): a release is under way, and its next full loads are to get that build's pages. A shared
 * cache keys its copies by the cookie (nginx.example.conf), so a page of this build made for it must not be
 * stored under that key: every visitor told of the new build would get the old page from the cache, and
 * its data requests the other build's answer, until the copy expires. It is made for this visitor alone.
 */
function toldOfAnotherBuild(request: Request, buildId: string): boolean {
  const told: unknown = request.cookies?.[BUILD_COOKIE];
  return typeof told === 'string' && told !== buildId;
}
