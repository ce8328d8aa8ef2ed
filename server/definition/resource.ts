import type { RouteId } from '../../shared/routing/route-types.ts';
import type { ProvidedTo, StoredHandler } from './middleware.ts';
import type { RequestContext } from './request-context.ts';

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
