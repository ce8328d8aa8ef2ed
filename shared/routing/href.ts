import type { Locale, LocalePrefix, Locales } from './locale.ts';
import { routeLeaves } from './route-leaves.ts';
import type { PathParamsInput, PatternOf, RouteId } from './route-types.ts';

/**
 * Builds a URL path from an app path: base path, then locale prefix (`Locales.prefixOf`), then the path.
 * The root of a prefixed locale is `/fr`, never `/fr/`, because trailing slashes redirect.
 */
export function buildHref(basePath: string, localePrefix: LocalePrefix, appPath: string): string {
  // The root's `/` goes when a prefix comes before it (`/fr?q=1`), and stays when none does (`/?q=1`).
  const href = `${basePath}${localePrefix}${appPath.replace(/^\/(?=[?#]|$)/, '')}`;
  return href.startsWith('/') ? href : `/${href}`;
}

declare const hrefBrand: unique symbol;
/**
 * An app path built by `href()` (the function `typedHref()` makes): the route's path, search and hash,
 * without base path or locale prefix. Branded, so a hand-written string is not taken where a route is meant.
 */
export type Href = string & { readonly [hrefBrand]: true };
/** A URL outside the app (`https://…`, `mailto:…`, `tel:…`), which links and redirects take as is. */
export type ExternalUrl = `${string}://${string}` | `mailto:${string}` | `tel:${string}`;
/** Where a link, a redirect or a form goes: a route through `href()`, or an external URL. */
export type LinkTarget = Href | ExternalUrl;

/** Where an app's URLs live: its base path, its locales and the locale of the page being served. */
export interface UrlBase {
  basePath: string;
  locales: Locales;
  locale: Locale;
}

/**
 * The URL a browser asks for: an app path (what `href()` returns) under the base path and the prefix of
 * `locale` (the page's unless told), an external URL as it is. Applied where a URL leaves the app: `<Link>`,
 * `<Form>`, the server's redirects and resource routes (the request context's `urlOf`).
 */
export function urlOf(target: string, base: UrlBase, locale: Locale = base.locale): string {
  return target.startsWith('/') ? buildHref(base.basePath, base.locales.prefixOf(locale), target) : target;
}

/** Search params as `href()` takes them; `undefined` and `null` values are left out. */
export type SearchInput =
  | string
  | URLSearchParams
  | Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface HrefOptions {
  search?: SearchInput;
  /** With or without the leading `#`. */
  hash?: string;
}

/** The arguments after the route id: params are required when the pattern has a required one. */
export type HrefArguments<Pattern extends string> = [keyof PathParamsInput<Pattern>] extends [never]
  ? [params?: Record<string, never>, options?: HrefOptions]
  : Partial<PathParamsInput<Pattern>> extends PathParamsInput<Pattern>
    ? [params?: PathParamsInput<Pattern>, options?: HrefOptions]
    : [params: PathParamsInput<Pattern>, options?: HrefOptions];

/** `href()` typed for one app's route tree (see `typedHref()`): a wrong id or param fails the typecheck. */
export type TypedHref<Tree> = <Id extends RouteId<Tree>>(
  routeId: Id,
  ...rest: HrefArguments<PatternOf<Tree, Id>>
) => Href;

type ParamValues = Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * What `typedHref` reads of a tree: ids, path pieces and children. Not the modules: a page's type may come
 * from its data step, whose action may build a URL with `href`; reading the modules here would make that a
 * cycle of types.
 */
interface RouteShape {
  readonly id: string;
  readonly path?: string;
  readonly children?: readonly RouteShape[];
}

/**
 * The app's `href()`: `export const href = typedHref(routes)` after its route tree. `href('product', { id })`
 * is the route's pattern filled with `params` (each value encoded, a catch-all's segments joined by `/`),
 * then `search` and `hash`: `/products/chef-knife`. It is the app path, the same anywhere (no request, no
 * base path, no locale prefix): those are added where the URL leaves the app (see `urlOf`). The types are
 * read off the tree, so a wrong id or param fails the typecheck. An unknown id throws a TypeError.
 *
 * @example
 * export const href = typedHref(routes);
 * href('product', { id: 'chef-knife' }); // '/products/chef-knife'
 * href('shop', { category: ['kitchen', 'knives'] }, { search: { sort: 'price' } });
 * // '/shop/kitchen/knives?sort=price'
 */
export function typedHref<Tree extends RouteShape>(tree: Tree): TypedHref<Tree> {
  const patterns = new Map(routeLeaves([tree]).map(({ branch, path }) => [branch.at(-1)?.id, path]));
  return function href(routeId: string, params: ParamValues = {}, { search, hash }: HrefOptions = {}) {
    const pattern = patterns.get(routeId);
    if (pattern === undefined) {
      throw new TypeError(`href(): "${routeId}" is not a route (${[...patterns.keys()].join(', ')})`);
    }
    // filled() itself, not fillPattern(): the browser then carries no wrapper (the tests call that one).
    return `${filled(pattern, params, false)}${searchOf(search)}${hashOf(hash)}` as Href;
  } as TypedHref<Tree>;
}

/**
 * Fills a route pattern with params; a `{…}` group is left out when a param inside it is missing. The
 * grammar is path-to-regexp's, which the route compiler matches with: `\x` escapes a character, `{…}` is an
 * optional group, `:name` a param and `*name` a catch-all, a name being a run of `$`, `_`, letters and digits
 * or a quoted string (path-to-regexp also reads Unicode names: quote those). route-types.ts's `TokensOf`
 * reads params with the same grammar at the type level: change the two together. Not path-to-regexp's own
 * `compile`: it is CommonJS, so the browser would get the whole library (2.4 KB gzip against 0.3 KB).
 */
export function fillPattern(pattern: string, params: ParamValues): string {
  return filled(pattern, params, false) as string;
}

/** Each pattern (and group) split once by its grammar: text, then five captures and text, again and again. */
const splitPatterns = new Map<string, (string | undefined)[]>();

/**
 * The pattern filled, or undefined when it is a group's (`optional`) and a param is missing. Not an exception
 * for that: `href('shop', {})` (its group `{/*category}` left out) is asked for dozens of times a page, and
 * an exception is dear.
 */
function filled(pattern: string, params: ParamValues, optional: boolean): string | undefined {
  let parts = splitPatterns.get(pattern);
  if (!parts) {
    parts = pattern.split(/\\(.)|\{([^}]*)\}|([:*])(?:"([^"]*)"|([$\w]+))/);
    splitPatterns.set(pattern, parts);
  }
  let path = parts[0] as string;
  for (let at = 1; at < parts.length; at += 6) {
    const [escaped, group, sigil, quoted, plain, text] = parts.slice(at, at + 6);
    let part = escaped ?? (group === undefined ? undefined : (filled(group, params, true) ?? ''));
    if (part === undefined) {
      const name = (quoted ?? plain) as string;
      const value = params[name];
      const segments = sigil === ':' ? [value] : value;
      if (Array.isArray(segments) && segments.length && segments.every((segment) => segment)) {
        part = (segments as string[]).map(encodeURIComponent).join('/');
      } else if (optional) {
        return undefined;
      } else {
        throw new TypeError(
          `href(): param "${name}" is missing or not a ${sigil === ':' ? 'string' : 'list'}`,
        );
      }
    }
    path += part + text;
  }
  return path;
}

/** `?` and the search, or nothing. */
function searchOf(search: SearchInput = ''): string {
  const text =
    typeof search === 'string'
      ? search.replace(/^\?/, '')
      : `${new URLSearchParams(
          search instanceof URLSearchParams
            ? search
            : (Object.entries(search).filter(([, value]) => value != null) as string[][]),
        )}`;
  return text && `?${text}`;
}

/** `#` and the hash, or nothing; the hash may come with or without its `#`. */
function hashOf(hash = ''): string {
  return hash.replace(/^#?(?=.)/, '#');
}
