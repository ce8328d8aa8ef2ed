import { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { HttpError, NotFound, Redirect } from '../../shared/routing/control-signals.ts';
import type { RouteId } from '../../shared/routing/route-types.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-policy.ts';
import { privateRead } from '../caching/private-reads.ts';
import type { ProvidedTo, StoredHandler } from '../middleware/middleware.ts';
import type { RequestContext } from '../request-context.ts';
import { sendRedirect } from './resolve-page.ts';

/**
 * What a resource route's handler receives: the request's context, nothing of its own. `url.origin` is our
 * origin (PUBLIC_ORIGIN when set, else the request's): `${url.origin}${urlOf(href('shop'))}` is absolute.
 */
export type ResourceContext<Services = unknown> = RequestContext<Services>;

type ResourceAnswer = globalThis.Response | Promise<globalThis.Response>;

/**
 * Answers a resource route with a fetch `Response`: its status, headers and body (a string, bytes or a
 * stream). It may throw `notFound()`, `redirect()` or an `HttpError` like a data step. `Added` is what the
 * middleware of its branch add to its context. It answers the leaf of its id, marked `resource: true`.
 *
 * @example
 * const robots: ResourceHandler = ({ url, urlOf }) =>
 *   new Response(`User-agent: *\nSitemap: ${url.origin}${urlOf(href('sitemap'))}\n`, {
 *     headers: { 'Content-Type': 'text/plain; charset=utf-8' },
 *   });
 */
export type ResourceHandler<Services = unknown, Added = unknown> = (
  context: ResourceContext<Services> & Added,
) => ResourceAnswer;

/**
 * Resource handlers keyed by route id (server/). Any handler fits, whatever its branch's middleware add;
 * `ResourcesOf` checks that against the route tree.
 */
export type ResourceHandlers<Services = unknown> = Readonly<
  Record<string, StoredHandler<ResourceContext<Services>, ResourceAnswer>>
>;

/**
 * The resource handlers of one route tree, by route id, each with what its branch's middleware add (see
 * MiddlewareOf). Declare them with `satisfies ResourcesOf<typeof routes, Services, Provides>`.
 *
 * @example
 * const resources = {
 *   sitemap: async ({ url, urlOf }) => new Response(sitemapXml(url.origin, urlOf)),
 * } satisfies ResourcesOf<typeof routes, AppServices>;
 */
export type ResourcesOf<Tree, Services = unknown, Provides = unknown> = {
  readonly [Id in RouteId<Tree>]?: ResourceHandler<Services, ProvidedTo<Tree, Provides, Id>>;
};

/** A matched resource route, with what its handler needs. */
export interface ResourceRequest {
  handler: ResourceHandler | undefined;
  routeId: string;
  context: RequestContext;
  /** Answers an expected failure (notFound(), a 4xx HttpError) with the error page. */
  renderError: (status: number) => void;
}

/**
 * Runs a resource route's handler and writes its answer. Control signals answer as they do for pages
 * (redirect, the 404 page, a 4xx page); anything else is thrown on to the 500 page.
 */
export async function answerResource(
  request: Request,
  response: Response,
  resource: ResourceRequest,
): Promise<void> {
  if (!resource.handler) throw new Error(`Resource route "${resource.routeId}" has no handler`);
  try {
    const answer = await resource.handler(resource.context);
    return await sendResource(request, response, answer);
  } catch (error) {
    if (error instanceof Redirect) {
      return sendRedirect(response, resource.context.urlOf(error.location), error.status);
    }
    if (error instanceof NotFound) return resource.renderError(404);
    if (error instanceof HttpError && error.status < 500) return resource.renderError(error.status);
    throw error;
  }
}

/**
 * Writes a handler's answer: status and headers as given (no document cache headers unless it set them),
 * and the body, streamed, except for HEAD.
 */
export async function sendResource(
  request: Request,
  response: Response,
  answer: globalThis.Response,
): Promise<void> {
  response.status(answer.status);
  answer.headers.forEach((value, name) => {
    response.setHeader(name, value);
  });
  // A handler that read what differs per visitor made a private answer, whatever it says.
  if (privateRead(response) !== undefined || response.hasHeader('Set-Cookie')) {
    response.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
  }
  if (request.method === 'HEAD' || !answer.body) {
    await answer.body?.cancel();
    response.end();
    return;
  }
  const body = Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream);
  await new Promise<void>((resolve, reject) => {
    body.once('error', reject);
    response.once('close', () => {
      body.destroy();
      resolve();
    });
    body.pipe(response);
  });
}
