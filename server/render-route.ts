import { parse as parseCookies } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import type { CompiledRouteTable } from '../shared/routing/compile-routes.ts';
import { HttpError, NotFound, Redirect } from '../shared/routing/control-signals.ts';
import { buildHref } from '../shared/routing/href.ts';
import type { Head, PageModule } from '../shared/routing/route-table.ts';
import type { DataStepContext, DataSteps } from './data-step.ts';
import type { DocumentRenderer } from './document-renderer.ts';
import type { PageRequest } from './page-request.ts';
import { abortOnDisconnectOrDeadline, ClientDisconnectedError, untilAborted } from './request-abort.ts';

export interface RenderRouteOptions {
  routes: CompiledRouteTable;
  dataSteps: DataSteps;
  basePath: string;
  renderer: DocumentRenderer;
  /** Deadline for data step plus render (RENDER_TIMEOUT_MS unless a test shortens it). */
  renderTimeoutMs: number;
}

/**
 * Matches the app path, runs the route's data step with an AbortSignal tied to the request, turns control
 * signals into responses, and streams the page. Unexpected errors go to Express's error handler (500 page).
 */
export function renderRoute({ routes, dataSteps, basePath, renderer, renderTimeoutMs }: RenderRouteOptions) {
  return async function renderRouteHandler(
    request: Request,
    response: Response,
    pageRequest: PageRequest,
    next: NextFunction,
  ): Promise<void> {
    const match = routes.match(pageRequest.appPath);
    if (!match) return renderer.renderError(request, response, pageRequest, 404);

    const abortController = abortOnDisconnectOrDeadline(response, renderTimeoutMs);
    try {
      const context: DataStepContext = {
        params: match.params,
        locale: pageRequest.locale,
        url: new URL(request.originalUrl, `${request.protocol}://${request.get('host') ?? 'localhost'}`),
        cookies: parseCookies(request.headers.cookie ?? '') as Record<string, string>,
        headers: request.headers,
        signal: abortController.signal,
      };
      const dataStep = dataSteps[match.route.id];
      const [module, data] = await untilAborted(
        Promise.all([match.route.page() as Promise<PageModule>, dataStep ? dataStep(context) : null]),
        abortController.signal,
      );
      if (data instanceof Redirect) return redirectTo(response, basePath, pageRequest, data);
      if (data instanceof NotFound) return renderer.renderError(request, response, pageRequest, 404);
      const head: Head = module.head?.({ data, params: match.params, locale: pageRequest.locale }) ?? {
        title: '',
      };
      renderer.renderRoute(request, response, pageRequest, {
        routeId: match.route.id,
        params: match.params,
        module,
        data,
        head,
        abortController,
      });
    } catch (error) {
      if (error instanceof ClientDisconnectedError) return;
      if (error instanceof Redirect) return redirectTo(response, basePath, pageRequest, error);
      if (error instanceof NotFound) return renderer.renderError(request, response, pageRequest, 404);
      if (error instanceof HttpError && error.status < 500) {
        return renderer.renderError(request, response, pageRequest, error.status);
      }
      next(error);
    }
  };
}

function redirectTo(response: Response, basePath: string, pageRequest: PageRequest, signal: Redirect): void {
  const location = signal.location.startsWith('/')
    ? buildHref(basePath, pageRequest.locale, signal.location)
    : signal.location;
  response.setHeader('Cache-Control', 'no-store');
  response.redirect(signal.status, location);
}
