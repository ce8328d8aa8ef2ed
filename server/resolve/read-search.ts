import { buildHref } from '../../shared/routing/href.ts';
import type { Locales } from '../../shared/routing/locale.ts';
import type { MatchedSegment } from '../../shared/routing/route-matcher.ts';
import { InvalidSearch, type SearchReader } from '../../shared/routing/route-table.ts';
import type { PageRequest } from '../request/page-request.ts';
import type { PageResolution } from './page-resolution.ts';
import { hasUnacceptableSearch } from './url-text.ts';

/**
 * What the search readers of a branch made of a request's search: a value per segment (`undefined` for a
 * segment without a reader), the search normalised readers want instead (308), or the first value a
 * rejecting reader could not read (400).
 */
export type SearchReading =
  | { type: 'read'; values: readonly unknown[] }
  | { type: 'normalize'; search: string }
  | { type: 'invalid'; error: InvalidSearch };

const NO_VALUES: readonly unknown[] = [];

/** Runs every search reader of the branch, root first. A reader's own bug (any other error) is thrown. */
export function readSearch(branch: readonly MatchedSegment[], search: string): SearchReading {
  if (!branch.some(({ node }) => node.search)) return { type: 'read', values: NO_VALUES };
  const params = new URLSearchParams(search);
  const values: unknown[] = [];
  const formatted: [string, string][] = [];
  const formattedKeys = new Set<string>();
  let dropped = false;
  for (const { node } of branch) {
    const reader = node.search;
    if (!reader) {
      values.push(undefined);
      continue;
    }
    const read = readOne(reader, params);
    if (read.type === 'invalid') return read;
    dropped ||= read.dropped;
    values.push(read.value);
    if (!reader.format) continue;
    for (const key of reader.keys) formattedKeys.add(key);
    for (const [key, value] of Object.entries(reader.format(read.value))) {
      if (value !== undefined) formatted.push([key, value]);
    }
  }
  if (formattedKeys.size === 0 && !dropped) return { type: 'read', values };
  // The canonical search: what no normalising reader reads, in the order it came, then what they write.
  const canonical = new URLSearchParams([
    ...[...params].filter(([key]) => !formattedKeys.has(key)),
    ...formatted,
  ]).toString();
  const original = search.startsWith('?') ? search.slice(1) : search;
  if (dropped || canonical !== new URLSearchParams(original).toString()) {
    return { type: 'normalize', search: canonical === '' ? '' : `?${canonical}` };
  }
  return { type: 'read', values };
}

/**
 * Parses with one reader. A normalising reader (one with `format`) gets another try without each key it
 * refuses, at most once per key it reads; `params` then lacks the dropped keys.
 */
function readOne(
  reader: SearchReader<unknown>,
  params: URLSearchParams,
): { type: 'read'; value: unknown; dropped: boolean } | { type: 'invalid'; error: InvalidSearch } {
  let dropped = false;
  for (let attempt = 0; attempt <= reader.keys.length; attempt += 1) {
    try {
      return { type: 'read', value: reader.parse(params), dropped };
    } catch (error) {
      if (!(error instanceof InvalidSearch)) throw error;
      if (!reader.format || !params.has(error.key)) return { type: 'invalid', error };
      params.delete(error.key);
      dropped = true;
    }
  }
  throw new Error(`Search reader of keys ${reader.keys.join(', ')} refuses even an empty search`);
}

/** A resource route reads no search. */
export const NO_SEARCH: Extract<SearchReading, { type: 'read' }> = { type: 'read', values: [] };

/** What the branch's search readers read, or the answer: 400 for an invalid search, 308 to normalise it. */
export function readBranchSearch(
  branch: readonly MatchedSegment[],
  pageRequest: PageRequest,
  basePath: string,
  locales: Locales,
): PageResolution | Extract<SearchReading, { type: 'read' }> {
  if (hasUnacceptableSearch(pageRequest.search)) return { type: 'error', status: 400 };
  const reading = readSearch(branch, pageRequest.search);
  if (reading.type === 'invalid') return { type: 'error', status: 400 };
  if (reading.type === 'normalize') {
    const prefix = locales.prefixOf(pageRequest.locale);
    const location = `${buildHref(basePath, prefix, pageRequest.appPath)}${reading.search}`;
    return { type: 'redirect', location, status: 308 };
  }
  return reading;
}
