import type { RouteParams } from '../../../shared/routing/route-table.ts';

// Catalogue and help slugs are lower-case words joined by hyphens. Checking each decoded segment keeps
// `/shop/kitchen%2Fknives` (one segment holding a slash) from reaching a page under a second URL.
const SLUG_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Joins a catch-all param (an array of decoded segments) into a slug path such as `kitchen/knives`.
 * Returns `''` when the param is absent (an optional catch-all at its root) and `null` when any segment
 * could not be one of our slugs.
 */
export function slugPath(param: RouteParams[string] | undefined): string | null {
  if (param === undefined) return '';
  const segments = Array.isArray(param) ? param : [param];
  if (segments.length === 0) return '';
  return segments.every((segment) => SLUG_SEGMENT.test(segment)) ? segments.join('/') : null;
}
