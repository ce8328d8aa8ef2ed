import type { Request, Response } from 'express';
import type { CachePolicy, RoutePolicy } from '../definition/cache-policy.ts';
import type { RequestContext } from '../definition/request-context.ts';
import { untilAborted } from '../request/request-abort.ts';
import { freshByVersion } from './answer-caching.ts';

/**
 * The versions of the segments an answer shows (CachePolicy.version), read at once, when each has one and
 * none of them is per visitor; `not-modified` when the request's copy is fresh by them (the answer sends the 304).
 * A function several segments share (a layout and its page made from the same tables) is read once.
 */
export async function versionsFor(
  request: Request,
  response: Response,
  { policy, left, context, made }: VersionFacts,
): Promise<readonly unknown[] | 'not-modified' | undefined> {
  if (!policy?.versions || ![...policy.perVisitor].every((id) => left?.has(id))) return undefined;
  const readings = new Map<VersionOf, unknown>();
  const readOnce = (of: VersionOf) => {
    if (!readings.has(of)) readings.set(of, of(context));
    return readings.get(of);
  };
  const version = await untilAborted(Promise.all(policy.versions.map(readOnce)), context.signal);
  return freshByVersion(request, response, policy, made, version) ? 'not-modified' : version;
}

type VersionOf = NonNullable<CachePolicy['version']>;

export interface VersionFacts {
  policy: RoutePolicy | undefined;
  /** The segments the answer leaves out (kept by the browser, or per visitor). */
  left: ReadonlySet<string> | undefined;
  context: RequestContext;
  /** The representation's parts of its ETag, the route's id last. */
  made: readonly unknown[];
}
