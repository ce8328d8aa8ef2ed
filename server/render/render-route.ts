import type { NextFunction, Request, Response } from 'express';
import { HttpError, NotFound, Redirect } from '../../shared/routing/control-signals.ts';
import type { PageRequest } from '../pipeline/page-request.ts';
import { abortOnDisconnectOrDeadline, ClientDisconnectedError } from '../pipeline/request-abort.ts';
import { type ResolvePage, sendRedirect } from '../pipeline/resolve-page.ts';
import { originOf, type ResourceHandlers, sendResource } from '../pipeline/resource-route.ts';
import type { DocumentRenderer } from './document-renderer.ts';

export interface RenderRouteOptions {
  resolvePage: ResolvePage;
  renderer: DocumentRenderer;
  /** Deadline for data step plus render (RENDER_TIMEOUT_MS unless a test shortens it). */
  renderTimeoutMs: number;
  /** The app's resource route handlers, by route id. */
  resources: ResourceHandlers;
}

/** Serves a page as streamed HTML. Unexpected errors go to Express's error handler (the 500 page). */
export function renderRoute({ resolvePage, renderer, renderTimeoutMs, resources }: RenderRouteOptions) {
  return async function renderRouteHandler(
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
        case 'resource': {
          const handler = resources[resolution.routeId];
          if (!handler) throw new Error(`Resource route "${resolution.routeId}" has no handler`);
          const origin = originOf(request);
          try {
            const answer = await handler({
              params: resolution.params,
              locale: pageRequest.locale,
              url: new URL(request.originalUrl, origin),
              origin,
              headers: request.headers,
              signal: abortController.signal,
            });
            return await sendResource(request, response, answer);
          } catch (error) {
            if (error instanceof Redirect) {
              return sendRedirect(response, error.location, error.status);
            }
            if (error instanceof NotFound) return renderer.renderError(request, response, pageRequest, 404);
            if (error instanceof HttpError && error.status < 500)
              return renderer.renderError(request, response, pageRequest, error.status);
            throw error;
          }
        }
      }
    } catch (error) {
      if (error instanceof ClientDisconnectedError) return;
      next(error);
    }
  };
}
