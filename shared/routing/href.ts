import type { Locale, LocalePrefix, Locales } from './locale.ts';
import type { PathParamsInput, PatternOf, RouteId } from './route-types.ts';

/**
 * Builds a URL path from an app path: base path, then locale prefix (`Locales.prefixOf`), then the path.
 * The root of a prefixed locale is `/fr`, never `/fr/`, because trailing slashes redirect.
 */
export function buildHref(basePath: string, localePrefix: LocalePrefix, appPath: string): string {
  const [pathname = '/', suffix = ''] = splitSuffix(appPath);
  const prefixed = `${localePrefix}${pathname === '/' ? '' : pathname}`;
  const full = `${basePath}${prefixed}`;
  return `${full === '' ? '/' : full}${suffix}`;
}

function splitSuffix(appPath: string): [string, string] {
  const cut = appPath.search(/[?#]/);
  return cut === -1 ? [appPath, ''] : [appPath.slice(0, cut), appPath.slice(cut)];
}

declare const hrefBrand: unique symbol;
/** A URL built by `href()`: base path, locale prefix, path, search and hash. */
export type Href = string & { readonly [hrefBrand]: true };
/** A URL outside the app, which links, redirects and forms take as it is. */
export type ExternalUrl = `${string}://${string}` | `mailto:${string}` | `tel:${string}`;
/** Where a link, a redirect or a form goes: a route through `href()`, or an external URL. */
export type LinkTarget = Href | ExternalUrl;

/** Search params as `href()` takes them; `undefined` and `null` values are left out. */
export type SearchInput =
  | string
  | URLSearchParams
  | Readonly<Record<string, string | number | boolean | null | undefined>>;

/** `L`: the app's locales, when it types `href()` with them (`typedHref<Tree, 'en' | 'fr'>()`). */
export interface HrefOptions<L extends Locale = Locale> {
  search?: SearchInput;
  /** With or without the leading `#`. */
  hash?: string;
  /** Another locale's version of the page (default: the locale of the page or request being served). */
  locale?: L;
}

/** What `href()` builds with: the app's patterns, its base path, its locales and the locale being served. */
export interface HrefScope {
  basePath: string;
  locales: Locales;
  locale: Locale;
  pathOf(routeId: string): string | undefined;
}

let currentScope: () => HrefScope | undefined = () => undefined;

/**
 * Tells `href()` where to read its scope: the browser's page sets one for its life, the server one per
 * request (an AsyncLocalStorage), so a href built while serving a French page is French.
 */
export function setHrefScope(read: () => HrefScope | undefined): void {
  currentScope = read;
}

/** The arguments after the route id: params are required when the pattern has a required one. */
export type HrefArguments<Pattern extends string, L extends Locale = Locale> = [
  keyof PathParamsInput<Pattern>,
] extends [never]
  ? [params?: Record<string, never>, options?: HrefOptions<L>]
  : Partial<PathParamsInput<Pattern>> extends PathParamsInput<Pattern>
    ? [params?: PathParamsInput<Pattern>, options?: HrefOptions<L>]
    : [params: PathParamsInput<Pattern>, options?: HrefOptions<L>];

/** `href()` typed for one app's route tree and locales (see `typedHref`). */
export type TypedHref<Tree, L extends Locale = Locale> = <Id extends RouteId<Tree>>(
  routeId: Id,
  ...rest: HrefArguments<PatternOf<Tree, Id>, L>
) => Href;

/**
 * The app's `href()`: `export const href = typedHref<typeof routes, 'en' | 'fr'>();` (the same function,
 * typed; the locales' union is optional and makes `{ locale: 'es' }` a type error).
 */
export function typedHref<Tree, L extends Locale = Locale>(): TypedHref<Tree, L> {
  return routeHref as TypedHref<Tree, L>;
}

type ParamValues = Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * The URL of a route: its pattern filled with `params` (each value encoded, a catch-all's segments joined
 * by `/`), under the base path and the locale prefix, then `search` and `hash`. Apps export it typed for their
 * tree (`TypedHref`), so a wrong id or param fails the typecheck. An unknown id or a call outside a request
 * throws on the server (its scope checks both, see server/render/href-scope.ts).
 */
export function routeHref(routeId: string, params: ParamValues = {}, options: HrefOptions = {}): Href {
  const path = fillPattern((currentScope() as HrefScope).pathOf(routeId) as string, params);
  return hrefOfPath(`${path}${searchOf(options.search)}${hashOf(options.hash)}`, options.locale);
}

/**
 * An app path (filled, with its search and hash) under the base path and the locale prefix of the page or
 * request being served: what every `href()` call ends in.
 */
export function hrefOfPath(appPath: string, locale?: Locale): Href {
  const scope = currentScope() as HrefScope;
  return buildHref(scope.basePath, scope.locales.prefixOf(locale ?? scope.locale), appPath) as Href;
}

/** Fills a path-to-regexp pattern; a `{…}` group is left out when a param inside it is missing. */
export function fillPattern(pattern: string, params: ParamValues): string {
  return pattern.replace(
    /\\(.)|\{([^}]*)\}|([:*])(?:"([^"]*)"|([$\w]+))/g,
    (_match, escaped?: string, group?: string, sigil?: string, quoted?: string, plain?: string) => {
      if (escaped) return escaped;
      if (group !== undefined) {
        try {
          return fillPattern(group, params);
        } catch {
          return '';
        }
      }
      const name = (quoted ?? plain) as string;
      const value = params[name];
      const segments = sigil === ':' ? [value] : value;
      if (!Array.isArray(segments) || !segments.length || !segments.every((text) => text)) {
        throw new TypeError(
          `href(): param "${name}" is missing or not a ${sigil === ':' ? 'string' : 'list'}`,
        );
      }
      return (segments as string[]).map(encodeURIComponent).join('/');
    },
  );
}

/** `?` and the search, or nothing. */
export function searchOf(search: SearchInput = ''): string {
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
export function hashOf(hash = ''): string {
  return hash.replace(/^#?(?=.)/, '#');
}
