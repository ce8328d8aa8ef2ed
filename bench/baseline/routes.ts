// The two pages of the bare baseline, each a list of segments (module and data step) with its document
// assets read from the build's manifest, as the production server would show them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as rootLayout from '../../apps/storefront/layout.tsx';
import * as shopLayout from '../../apps/storefront/layouts/shop-layout.tsx';
import * as productPage from '../../apps/storefront/pages/product.tsx';
import * as shopPage from '../../apps/storefront/pages/shop.tsx';
import type { ShopServices } from '../../apps/storefront/server/services.ts';
import type { ShopProvides } from '../../apps/storefront/server/step.ts';
import { shopLayoutStep } from '../../apps/storefront/server/steps/layouts.ts';
import { productStep } from '../../apps/storefront/server/steps/product.ts';
import { rootStep } from '../../apps/storefront/server/steps/root.ts';
import { shopStep } from '../../apps/storefront/server/steps/shop.ts';
import type { BuildManifest } from '../../build.mjs';
import type { DataStepContext } from '../../server/definition/data-step.ts';
import { serializeForScript } from '../../server/render/serialize-for-script.ts';
import type { RouteParams, SegmentModule } from '../../shared/routing/route-table.ts';
import { DEFERRED_MARKER, type DocumentAssets } from '../../shared/ui/ssr-payload.ts';

const distDir = path.resolve(process.env.BASELINE_DIST ?? 'dist');
export const manifest = JSON.parse(
  readFileSync(path.join(distDir, 'manifest.json'), 'utf8'),
) as BuildManifest;
const assetUrl = (file: string) => `/_assets/${file}`;
const stylesheets = manifest.stylesheets.map(assetUrl);
const entryPreloads = manifest.entry.imports.map(assetUrl);
export const bootstrapModules = [assetUrl(manifest.entry.file)];

/** A page's stylesheets and preloads, as the server's document has them: entry imports, locale, segments. */
function assetsOf(routeId: string): DocumentAssets {
  const segmentIds = manifest.pages[routeId];
  if (!segmentIds) throw new Error(`No page ${routeId} in the manifest`);
  // A segment without a chunk of its own (the root layout rides in the entry) preloads nothing more.
  const chunks = segmentIds.flatMap((id) => manifest.routes[id] ?? []);
  const locale = manifest.locales.en;
  const modulePreloads = [
    ...new Set([
      ...entryPreloads,
      ...(locale ? [locale.file, ...locale.imports].map(assetUrl) : []),
      ...chunks.flatMap((chunk) => [chunk.file, ...chunk.imports].map(assetUrl)),
    ]),
  ];
  return { stylesheets, modulePreloads };
}

/** One segment of a page: its module and its data step, called with the request's context. */
export interface Segment {
  id: string;
  /** What the segment's search reader read, when it has one. */
  search?: unknown;
  module: SegmentModule;
  data: (context: ShopStepContext) => unknown;
}

export interface Route {
  routeId: string;
  params: RouteParams;
  /** Root first. */
  segments: Segment[];
  /** The leaf's search params, as its search reader gives them. */
  search: unknown;
  assets: DocumentAssets;
}

/** A storefront data step's context as the baseline builds it: any params, the shop's database, `visitor()`. */
export type ShopStepContext = DataStepContext<RouteParams, unknown, ShopServices> & ShopProvides['root'];

const root: Segment = {
  id: 'root',
  module: rootLayout as SegmentModule,
  data: (context) => rootStep({ ...context, params: {}, search: undefined }),
};
const productAssets = assetsOf('product');
const shopAssets = assetsOf('shop');

/** The two pages the benchmark loads; anything else is a 404. */
export function routeOf(pathname: string): Route | null {
  if (pathname === '/shop') {
    // The shop page reads its layout's category tree (parent()), as our server gives it.
    let layoutData: Promise<unknown> = Promise.resolve(undefined);
    const layout: Segment = {
      id: 'shop-layout',
      module: shopLayout as SegmentModule,
      data: (context) => {
        layoutData = Promise.resolve(shopLayoutStep({ ...context, params: {}, search: undefined }));
        return layoutData;
      },
    };
    const search = { sort: null, page: 1 };
    const shop: Segment = {
      id: 'shop',
      search,
      module: shopPage as unknown as SegmentModule,
      data: (context) => shopStep({ ...context, params: {}, search, parent: () => layoutData }),
    };
    return { routeId: 'shop', params: {}, segments: [root, layout, shop], search, assets: shopAssets };
  }
  const product = /^\/products\/([a-z0-9-]+)$/.exec(pathname);
  if (!product) return null;
  const params = { id: product[1] as string };
  const page: Segment = {
    id: 'product',
    module: productPage as unknown as SegmentModule,
    data: (context) => productStep({ ...context, params, search: undefined }),
  };
  return { routeId: 'product', params, segments: [root, page], search: undefined, assets: productAssets };
}

/**
 * A segment's data as the payload carries it: top-level promises become placeholders, and go out later as
 * `(self.__ssrDeferred||=[]).push([key, ok, value])` scripts.
 */
export function splitDeferred(id: string, data: Record<string, unknown>, deferred: Promise<string>[]) {
  const serializable: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!(value instanceof Promise)) {
      serializable[key] = value;
      continue;
    }
    const segmentKey = `${id}:${key}`;
    serializable[key] = { [DEFERRED_MARKER]: segmentKey };
    deferred.push(
      value.then(
        (resolved) => serializeForScript([segmentKey, 1, resolved]),
        () => serializeForScript([segmentKey, 0, null]),
      ),
    );
  }
  return serializable;
}
