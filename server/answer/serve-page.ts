import type { NextFunction, Request, Response } from 'express';
import type { ResourceHandlers } from '../definition/resource.ts';
import type { DocumentRenderer } from '../render/document-renderer.ts';
import type { PageRequest } from '../request/page-request.ts';
import { abortOnDisconnectOrDeadline, ClientDisconnectedError } from '../request/request-abort.ts';
import { cachingFacts, decideCaching } from '../resolve/answer-caching.ts';
import type { ResolvePage } from '../resolve/resolve-page.ts';
import { sendNotModified } from './not-modified.ts';
import { answerResource } from './resource-route.ts';
import { sendRedirect } from './send-redirect.ts';

export interface ServePageOptions {
  resolvePage: ResolvePage;
  renderer: DocumentRenderer;
  /** Deadline for data step plus render (RENDER_TIMEOUT_MS unless a test shortens it). */
  renderTimeoutMs: number;
  /** The app's resource route handlers, by route id. */
  resources: ResourceHandlers;
  /** Part of every public page's ETag: a new build renders pages anew. */
  buildId: string;
}

/**
 * `GET`/`HEAD` of a page: resolves it (data steps, boundaries) and streams its document, or answers its
 * redirect, error page or resource. Unexpected errors go to Express's error handler (the 500 page).
 */
export function servePage({ resolvePage, renderer, renderTimeoutMs, resources, buildId }: ServePageOptions) {
  return async function servePageHandler(
    request: Request,
    response: Response,
    pageRequest: PageRequest,
    next: NextFunction,
  ): Promise<void> {
    const abortController = abortOnDisconnectOrDeadline(response, renderTimeoutMs);
    try {
      const made = ['document', buildId, pageRequest.locale, pageRequest.appPath, pageRequest.search];
      const { signal } = abortController;
      const resolution = await resolvePage(request, response, pageRequest, signal, undefined, made);
      switch (resolution.type) {
        case 'not-modified':
          return sendNotModified(response);
        case 'redirect':
          return sendRedirect(response, resolution.location, resolution.status);
        case 'error':
          return renderer.renderError(request, response, pageRequest, resolution.status, {
            message: resolution.message,
          });
        case 'page': {
          const caching = await decideCaching(request, response, cachingFacts(resolution, made));
          if (caching === 'not-modified') return sendNotModified(response);
          const render = { ...resolution, abortController, shared: caching === 'public' };
          return renderer.renderRoute(request, response, pageRequest, render);
        }
        case 'resource':
          return await answerResource(request, response, {
            handler: resources[resolution.routeId],
            routeId: resolution.routeId,
            context: resolution.context,
            renderError: (status, message) =>
              renderer.renderError(request, response, pageRequest, status, { message }),
          });
      }
    } catch (error) {
      if (error instanceof ClientDisconnectedError) return;
      next(error);
    }
  };
}
