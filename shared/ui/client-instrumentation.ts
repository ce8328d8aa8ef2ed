import type { FetcherResult } from './navigation-context.ts';

/** How a client navigation ended. Only `committed` navigations count as completed. */
export type NavigationOutcome = 'committed' | 'superseded' | 'full-load';

/** What an observer is told of a browser step: the route pattern its URL matches (`/products/:id`) and the URL. */
export interface ObservedLoad {
  /** Undefined when the URL matches no route. */
  routePattern: string | undefined;
  /** The page's URL, as an href on our origin. */
  url: string;
}

/**
 * An app's observers in the browser (docs/instrumentation.md), each told a step has started and given
 * `run()`, which resolves with how it ended: await it to time the step. The router does not wait for them.
 */
export interface ClientInstrumentation {
  /** A client navigation (a link, back/forward, a form's action), until its page is on screen or it gives up. */
  navigation?(info: ObservedLoad, run: () => Promise<{ outcome: NavigationOutcome }>): unknown;
  /**
   * One load of a route's code and data (a navigation's, each redirect it follows, a refresh's): `page`, an
   * error page with its `status`, a `redirect`, or `failed` (the navigation then loads the page in full).
   * `code` settles once the route's code chunks have arrived.
   */
  routeLoad?(
    info: ObservedLoad & { code: Promise<unknown> },
    run: () => Promise<{ outcome: 'page' | 'error' | 'redirect' | 'failed'; status?: number }>,
  ): unknown;
  /** A fetcher's request (`GET` a page's data, `POST` an action): its result, or `aborted`. */
  fetcher?(
    info: ObservedLoad & { method: 'GET' | 'POST' },
    run: () => Promise<{ outcome: FetcherResult['type'] | 'aborted' }>,
  ): unknown;
}

/** How a step of one kind ended, as observers are told (`{ outcome, status }`). */
type EndOf<Kind extends keyof ClientInstrumentation> = Awaited<
  ReturnType<Parameters<NonNullable<ClientInstrumentation[Kind]>>[1]>
>;

/**
 * Tells the observers of one kind that a step started at `url` (the router adds its route pattern), with what
 * else that kind is told, and gives them its end: `type` is told as the `outcome`.
 */
export type Observe = <Kind extends keyof ClientInstrumentation>(
  kind: Kind,
  url: string,
  ended: Promise<{ type: EndOf<Kind>['outcome']; status?: number | undefined }>,
  info?: Omit<Parameters<NonNullable<ClientInstrumentation[Kind]>>[0], keyof ObservedLoad>,
) => void;
