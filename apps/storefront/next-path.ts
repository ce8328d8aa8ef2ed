import type { Href, SearchReader } from '#runtime/shared';
import { NEXT_KEY } from './account-fields.ts';

/** The longest `next` followed; a longer one is no page of ours. */
const MAX_NEXT_LENGTH = 2048;
/** Our origin as far as the check below knows: a path resolved against it must stay on it. */
const PROBE_ORIGIN = 'https://shop.invalid';

/**
 * `value` as an app path to go to after signing in, or null when it could lead elsewhere: it must start
 * with a single `/` (not `//` nor `/\`, which browsers read as another host), hold no backslash and no
 * control character (browsers drop tabs and line breaks, so `/\t/evil.example` is `//evil.example`), and
 * resolve on our own origin. No scheme can pass: `javascript:` and `https://evil.example` do not start with
 * `/`. The OWASP Unvalidated Redirects cheat sheet's allow-list, applied to paths.
 */
export function safeNextPath(value: string | null | undefined): Href | null {
  if (!value || value.length > MAX_NEXT_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we refuse.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    if (new URL(value, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return null;
  } catch {
    return null;
  }
  return value as Href;
}

/**
 * The sign-in and sign-up pages' search: `next`, the page to go back to. A value that is no path of this
 * site reads as none (the visitor then lands on their account page), never as a 400.
 */
export const nextSearch: SearchReader<{ next: Href | null }> = {
  keys: [NEXT_KEY],
  parse: (params) => ({ next: safeNextPath(params.get(NEXT_KEY)) }),
};
