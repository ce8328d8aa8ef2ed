import type { Request, Response } from 'express';
import { NotFound, notFound, Redirect } from '../../shared/routing/control-signals.ts';
import type { MatchedSegment } from '../../shared/routing/route-matcher.ts';
import type { RouteParams } from '../../shared/routing/route-table.ts';
import { RefusedInputError } from '../db/refused-input.ts';
import { type OriginOf, requestUrl } from '../pipeline/origin-of.ts';
import type { PageRequest } from '../pipeline/page-request.ts';
import { createCookieSetter } from '../pipeline/set-cookie.ts';
import { servicesOf } from '../services.ts';
import type { DataStepContext, DataSteps } from './data-step.ts';
import { isThenable } from './deferred-data.ts';
import { hasUnacceptableParam } from './url-text.ts';

/** What one segment's data step came to; `kept`: not run, the browser still shows this segment's data. */
export type Outcome =
  | { type: 'data'; data: unknown }
  | { type: 'signal'; signal: Redirect | NotFound }
  | { type: 'failed'; error: unknown }
  | { type: 'kept' };

/** What every data step of a request shares (all but `parent` and `search`, which are each step's own). */
export type SharedStepContext = Omit<DataStepContext, 'parent' | 'search'>;

/** What a step context needs from the app. */
export interface StepContextParts {
  /** BASE_PATH: the path of the cookies steps set. */
  basePath: string;
  /** Our origin for a request (PUBLIC_ORIGIN or the request's): `url`'s origin. */
  originOf: OriginOf;
}

export function stepContext(
  request: Request,
  response: Response,
  pageRequest: PageRequest,
  params: RouteParams,
  signal: AbortSignal,
  { basePath, originOf }: StepContextParts,
): SharedStepContext {
  let url: URL | undefined;
  return {
    params,
    locale: pageRequest.locale,
    // Parsed when a step reads it: most steps never do, and every request would pay for the parse.
    get url() {
      url ??= requestUrl(request, originOf(request));
      return url;
    },
    cookies: request.cookies ?? {},
    signedCookies: request.signedCookies ?? {},
    setCookie: createCookieSetter(request, response, basePath),
    headers: request.headers,
    signal,
    services: servicesOf(request),
  };
}

/**
 * Starts the data step of every segment that has one, all at once. `parent()` gives a step the data of the
 * nearest segment above it that has a step (its failure rejects it too), so waiting is explicit. A kept
 * segment's step is started only when the step below it asks for its data.
 */
export function runDataSteps(
  branch: readonly MatchedSegment[],
  dataSteps: DataSteps,
  context: SharedStepContext,
  /** How many leading segments the browser keeps: their steps run only if a step below awaits `parent()`. */
  kept = 0,
  /** Per segment, what its search reader read. */
  searchValues: readonly unknown[] = [],
): (Outcome | Promise<Outcome>)[] {
  let parentData: () => Promise<unknown> = () => Promise.resolve(undefined);
  // Steps from the segment whose param holds unacceptable text down: what they would look up cannot exist.
  const unacceptable = branch.findIndex(({ params }) => hasUnacceptableParam(params, context.params));
  return branch.map(({ node }, index): Outcome | Promise<Outcome> => {
    const step = Object.hasOwn(dataSteps, node.id) ? dataSteps[node.id] : undefined;
    if (!step) return index < kept ? { type: 'kept' } : { type: 'data', data: null };
    if (unacceptable !== -1 && index >= unacceptable) {
      parentData = () => Promise.reject(notFound());
      return { type: 'signal', signal: notFound() };
    }
    const parent = parentData;
    const search = searchValues[index];
    const run = (): unknown => {
      try {
        return step({ ...context, parent, search });
      } catch (error) {
        return Promise.reject(error);
      }
    };
    if (index < kept) {
      let returned: Promise<unknown> | undefined;
      parentData = () => {
        returned ??= Promise.resolve(run()).then(dataOrThrow);
        return returned;
      };
      return { type: 'kept' };
    }
    const returned = run();
    parentData = () => Promise.resolve(returned).then(dataOrThrow);
    return isThenable(returned) ? Promise.resolve(returned).then(toOutcome, toFailure) : toOutcome(returned);
  });
}

function toOutcome(value: unknown): Outcome {
  if (value instanceof Redirect || value instanceof NotFound) return { type: 'signal', signal: value };
  return { type: 'data', data: handleDeferredRejections(value) };
}

function toFailure(error: unknown): Outcome {
  if (error instanceof Redirect || error instanceof NotFound) return { type: 'signal', signal: error };
  // A page's URL (its params, its search) held text no row can hold: it names nothing, as notFound() says.
  if (error instanceof RefusedInputError) return { type: 'signal', signal: notFound() };
  return { type: 'failed', error };
}

/** What `parent()` resolves to: the data, or the parent's own failure (a child cannot use a redirect). */
function dataOrThrow(value: unknown): unknown {
  if (value instanceof Redirect || value instanceof NotFound) throw value;
  return value;
}

/**
 * Gives a data step's deferred values a no-op rejection handler as soon as the data is there: when the
 * request is aborted before rendering, nobody else ever listens to them, and an unhandled rejection would be
 * reported as a crash. The render's own handlers still see every rejection.
 */
function handleDeferredRejections<Data>(data: Data): Data {
  if (typeof data === 'object' && data !== null) {
    for (const value of Object.values(data)) {
      if (value instanceof Promise) value.catch(ignoreRejection);
    }
  }
  return data;
}

function ignoreRejection(): void {}
