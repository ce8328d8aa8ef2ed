import type { CompiledRouteTable } from '../../shared/routing/compile-routes.ts';
import type { Locale } from '../../shared/routing/locale.ts';
import { assetHref } from '../../shared/routing/reserved-paths.ts';
import type { RouteNode } from '../../shared/routing/route-table.ts';
import type { DocumentAssets } from '../../shared/ui/ssr-payload.ts';
import type { BuildOutput, ChunkInfo } from '../definition/build-output.ts';
import { inlineStyleTag } from './document-frame.ts';

/** What a document links, worked out once per app and build: per locale and page, never per request. */
export interface PageAssets {
  /** The stylesheets and module preloads of a page (`routeId`), or of the error page (no route id). */
  assetsOf(locale: Locale, routeId?: string): DocumentAssets;
  /** The client entry to boot, or none without a client build (server-only tests). */
  entry: string | undefined;
  /** The app's stylesheet as a `<style>` tag, when the build chose to inline it (its link is then left out). */
  inlineStyleTag: string | undefined;
}

/**
 * Per locale of the app (`locales`, its declared list) and route (or error page, ''): the entry's imports,
 * the locale's module, and the chunks of the segments the page shows (the root layout's alone for an error
 * page).
 */
export function pageAssets(
  root: RouteNode,
  routes: CompiledRouteTable,
  locales: readonly Locale[],
  basePath: string,
  build: BuildOutput | undefined,
): PageAssets {
  const assetUrl = (file: string) => assetHref(basePath, file);
  const manifest = build?.manifest;
  const inlineStyle = manifest?.inlineStyle;
  const stylesheets = inlineStyle ? [] : (manifest?.stylesheets ?? []).map(assetUrl);
  const preloadsOf = (chunk: ChunkInfo | undefined) =>
    chunk ? [chunk.file, ...chunk.imports].map(assetUrl) : [];
  const segmentsOfPage: [string, readonly string[]][] = [
    ['', [root.id]],
    ...routes.routes.map(({ pattern }): [string, string[]] => [
      pattern.id,
      pattern.branch.map(({ id }) => id),
    ]),
  ];
  const assetsByPage = new Map<string, DocumentAssets>();
  for (const locale of locales) {
    for (const [routeId, segmentIds] of segmentsOfPage) {
      const modulePreloads = [
        ...new Set([
          ...(manifest?.entry.imports.map(assetUrl) ?? []),
          ...preloadsOf(manifest?.locales[locale]),
          ...segmentIds.flatMap((id) => preloadsOf(manifest?.routes[id])),
        ]),
      ];
      assetsByPage.set(`${locale}:${routeId}`, Object.freeze({ stylesheets, modulePreloads }));
    }
  }
  return {
    assetsOf: (locale, routeId = '') =>
      assetsByPage.get(`${locale}:${routeId}`) ?? (assetsByPage.get(`${locale}:`) as DocumentAssets),
    entry: manifest ? assetUrl(manifest.entry.file) : undefined,
    inlineStyleTag: inlineStyle ? inlineStyleTag(inlineStyle) : undefined,
  };
}
