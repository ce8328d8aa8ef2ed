import type { RouteParams } from '#runtime/shared';
import { SLUG_PATTERN } from '../../shop-rules.ts';

/**
 * Joins a catch-all param (an array of decoded segments) into a slug path such as `kitchen/knives`.
 * Returns `''` when the param is absent (an optional catch-all at its root) and `null` when any segment
 * could not be one of our slugs.
 */
export function slugPath(param: RouteParams[string] | undefined): string | null {
  if (param === undefined) return '';
  const segments = Array.isArray(param) ? param : [param];
  if (segments.length === 0) return '';
  // Each decoded segment is checked, so `/shop/kitchen%2Fknives` (one segment holding a slash) does not
  // reach a page under a second URL.
  return segments.every((segment) => SLUG_PATTERN.test(segment)) ? segments.join('/') : null;
}
