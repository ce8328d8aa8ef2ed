import type { NextFunction, Request, Response } from 'express';
import type { DocumentRenderer } from '../render/document-renderer.ts';
import type { PageRequest } from './page-request.ts';
import { abortOnDisconnectOrDeadline, ClientDisconnectedError } from './request-abort.ts';
import { type ResolvePage, sendRedirect } from './resolve-page.ts';
import { answerResource, type ResourceHandlers } from './resource-route.ts';

export interface ServePageOptions {
  resolvePage: ResolvePage;
  renderer: DocumentRenderer;
  /** Deadline for data step plus render (RENDER_TIMEOUT_MS unless a test shortens it). */
  renderTimeoutMs: number;
  /** The app's resource route handlers, by route id. */
  resources: ResourceHandlers;
}

/**
 * `GET`/`HEAD` of a page: resolves it (data steps, boundaries) and streams its document, or answers its
 * redirect, error page or resource. Unexpected errors go to Express's error handler (the 500 page).
 */
export function servePage({ resolvePage, renderer, renderTimeoutMs, resources }: ServePageOptions) {
  return async function servePageHandler(
    request: Request,
    response: Response,
    pageRequest: PageRequest,
    next: NextFunction,
  ): Promise<void> {
    const abortController = abortOnDisconnectOrDeadline(response, renderTimeoutMs);
    try {
      const resolution = await resolvePage(request, response, pageRequest, abortController.signal);
      switch (resolution.type) {
        case 'redirect':
          return sendRedirect(response, resolution.location, resolution.status);
        case 'error':
          return renderer.renderError(request, response, pageRequest, resolution.status);
        case 'page':
          return renderer.renderRoute(request, response, pageRequest, { ...resolution, abortController });
        case 'resource':
          return await answerResource(request, response, {
            handler: resources[resolution.routeId],
            routeId: resolution.routeId,
            context: resolution.context,
            renderError: (status) => renderer.renderError(request, response, pageRequest, status),
          });
      }
    } catch (error) {
      if (error instanceof ClientDisconnectedError) return;
      next(error);
    }
  };
}
