import { NotFound, notFound, Redirect } from '../../shared/routing/control-signals.ts';
import type { MatchedSegment } from '../../shared/routing/route-matcher.ts';
import type { DataSteps } from '../definition/data-step.ts';
import type { RequestContext } from '../definition/request-context.ts';
import { contextWith } from '../request/request-context.ts';
import { isThenable } from './deferred-data.ts';
import { hasUnacceptableParam } from './url-text.ts';

/** What one segment's data step came to; `kept`: not run, the browser still shows this segment's data. */
export type Outcome =
  | { type: 'data'; data: unknown }
  | { type: 'signal'; signal: Redirect | NotFound }
  | { type: 'failed'; error: unknown }
  | { type: 'kept' };

/**
 * Starts the data step of every segment that has one, all at once. `parent()` gives a step the data of the
 * nearest segment above it that has a step (its failure rejects it too), so waiting is explicit. A kept
 * segment's step is started only when a step below it asks for its data.
 */
export function runDataSteps(
  branch: readonly MatchedSegment[],
  dataSteps: DataSteps,
  /** The request's context, which every step shares (each adds its own `parent` and `search`). */
  context: RequestContext,
  /** Ids of the segments the browser keeps: their steps run only if a step below awaits `parent()`. */
  keep: ReadonlySet<string> = NO_SEGMENTS,
  /** Per segment, what its search reader read. */
  searchValues: readonly unknown[] = [],
): (Outcome | Promise<Outcome>)[] {
  let parentData: () => Promise<unknown> = () => Promise.resolve(undefined);
  // Steps from the segment whose param holds unacceptable text down: what they would look up cannot exist.
  const unacceptable = branch.findIndex(({ params }) => hasUnacceptableParam(params, context.params));
  return branch.map(({ node }, index): Outcome | Promise<Outcome> => {
    const step = Object.hasOwn(dataSteps, node.id) ? dataSteps[node.id] : undefined;
    const kept = keep.has(node.id);
    if (!step) return kept ? { type: 'kept' } : { type: 'data', data: null };
    if (unacceptable !== -1 && index >= unacceptable) {
      parentData = () => Promise.reject(notFound());
      return { type: 'signal', signal: notFound() };
    }
    const parent = parentData;
    const search = searchValues[index];
    const run = (): unknown => {
      try {
        return step(contextWith(context, { parent, search }));
      } catch (error) {
        return Promise.reject(error);
      }
    };
    if (kept) {
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

const NO_SEGMENTS: ReadonlySet<string> = new Set();

function toOutcome(value: unknown): Outcome {
  if (value instanceof Redirect || value instanceof NotFound) return { type: 'signal', signal: value };
  return { type: 'data', data: handleDeferredRejections(value) };
}

function toFailure(error: unknown): Outcome {
  if (error instanceof Redirect || error instanceof NotFound) return { type: 'signal', signal: error };
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
