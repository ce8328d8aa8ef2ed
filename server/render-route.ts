import type { NextFunction, Request, Response } from 'express';
import type { DocumentRenderer } from './document-renderer.ts';
import type { PageRequest } from './page-request.ts';
import { abortOnDisconnectOrDeadline, ClientDisconnectedError } from './request-abort.ts';
import { type ResolvePage, sendRedirect } from './resolve-page.ts';

export interface RenderRouteOptions {
  resolvePage: ResolvePage;
  renderer: DocumentRenderer;
  /** Deadline for data step plus render (RENDER_TIMEOUT_MS unless a test shortens it). */
  renderTimeoutMs: number;
}

/** Serves a page as streamed HTML. Unexpected errors go to Express's error handler (the 500 page). */
export function renderRoute({ resolvePage, renderer, renderTimeoutMs }: RenderRouteOptions) {
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
      }
    } catch (error) {
      if (error instanceof ClientDisconnectedError) return;
      next(error);
    }
  };
}
