import type { MatchedSegment, RouteMatcher } from '../../shared/routing/route-matcher.ts';
import type { RouteParams } from '../../shared/routing/route-table.ts';

/**
 * What decides a segment's data: its id, the values of the params captured at or above it, and the search
 * it reads: the keys its search reader names, or, for a leaf without one, the whole search (its data step
 * may read the URL). Two pages share a segment when they give it the same key.
 */
export function segmentKeys(
  branch: readonly MatchedSegment[],
  params: RouteParams,
  search: string,
): string[] {
  const query = new URLSearchParams(search);
  return branch.map(({ node, params: names }, index) => {
    const values = names.map((name) => params[name] ?? null);
    const read = node.search
      ? node.search.keys.map((key) => query.getAll(key))
      : index === branch.length - 1
        ? search
        : '';
    return JSON.stringify([node.id, values, read]);
  });
}

/** The id a segment key was made from. */
export function idOfKey(key: string): string {
  return (JSON.parse(key) as [string])[0];
}

/** How many leading keys of `target` the page on screen shows too. */
export function sharedPrefix(onScreen: readonly string[], target: readonly string[]): number {
  let shared = 0;
  while (shared < target.length && onScreen[shared] === target[shared]) shared += 1;
  return shared;
}

/**
 * After data changed on the server, which segments of the page on screen are asked for again: `all` (a
 * refresh), `after-action` (every one but those whose node says `keepAfterActions`), or the ids an action
 * named (only those). A navigation without one keeps the segments it shares with the page on screen.
 */
export type Revalidation = 'all' | 'after-action' | readonly string[];

/** What two revalidations ask for together (a named segment that opted out is then kept: rare, and harmless). */
export function joinRevalidations(one: Revalidation, other: Revalidation | undefined): Revalidation {
  if (!other) return one;
  if (one === 'all' || other === 'all') return 'all';
  if (one === 'after-action' || other === 'after-action') return 'after-action';
  return [...new Set([...one, ...other])];
}

/** The keys of the target's segments whose data the page on screen shows and may keep. */
export function keptKeys(
  target: readonly string[],
  onScreen: readonly string[],
  revalidate: Revalidation | undefined,
  routes: RouteMatcher,
): readonly string[] {
  if (!revalidate) return target.slice(0, sharedPrefix(onScreen, target));
  if (revalidate === 'all') return [];
  return target.filter(
    (key, index) =>
      key === onScreen[index] &&
      (revalidate === 'after-action'
        ? routes.byId(idOfKey(key))?.keepAfterActions
        : !revalidate.includes(idOfKey(key))),
  );
}
