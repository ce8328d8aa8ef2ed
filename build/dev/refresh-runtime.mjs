// The browser side of Fast Refresh in dev mode, a classic script the dev proxy puts into each page's head,
// so React DOM finds the refresh hook when it loads and every module of the bundle finds the registry. It
// holds the module registry the hot modules import from (build/dev/refresh-transform.mjs) and applies
// updates; build/dev/reload-script.js drives it.
import RefreshRuntime from 'react-refresh/runtime';

RefreshRuntime.injectIntoGlobalHook(window);

/** Module namespaces by key (the file relative to the project, or a package's resolved file). */
const modules = new Map();

/** An ES module-shaped view of a namespace, read live, so esbuild's interop hands out its exports as they are. */
function moduleExports(key) {
  const namespace = modules.get(key);
  if (!namespace) throw new Error(`Fast Refresh: ${key} is not loaded in this page`);
  const view = { __esModule: true };
  for (const name of Object.keys(namespace)) {
    Object.defineProperty(view, name, { enumerable: true, get: () => namespace[name] });
  }
  return view;
}

/**
 * A module can be swapped in place when all it exports are components (React's rule), or, in a route's
 * segment module, `head` as well: the router asks the module for it again on every navigation.
 */
function isRefreshBoundary(namespace, isSegmentModule) {
  const names = Object.keys(namespace);
  return (
    names.length > 0 &&
    names.every(
      (name) => RefreshRuntime.isLikelyComponentType(namespace[name]) || (isSegmentModule && name === 'head'),
    )
  );
}

/** Replaces the page's stylesheets by `hrefs`, each old one removed once its successor has loaded. */
function swapStylesheets(previous, hrefs) {
  const links = [...document.querySelectorAll('link[rel="stylesheet"]')].filter((link) =>
    previous.includes(new URL(link.href).pathname),
  );
  const anchor = links.at(-1);
  if (!anchor) return Promise.resolve(false);
  return Promise.all(
    hrefs.map(
      (href) =>
        new Promise((resolve) => {
          const link = anchor.cloneNode();
          link.href = href;
          link.addEventListener('load', () => resolve(true), { once: true });
          link.addEventListener('error', () => resolve(false), { once: true });
          anchor.after(link);
        }),
    ),
  ).then((loaded) => {
    for (const link of links) link.remove();
    return loaded.every(Boolean);
  });
}

window.__ssrDevRefresh = {
  register: (type, id) => RefreshRuntime.register(type, id),
  signature: () => RefreshRuntime.createSignatureFunctionForTransform(),
  registerModule(key, namespace) {
    modules.set(key, namespace);
  },
  moduleExports,
  /** The client router, once the page is hydrated (build/dev/client-entry.tsx). */
  router: null,

  /**
   * Applies an update: `{ modules: [{ key, url, segment }], stylesheets: { previous, next } }`. Resolves with
   * `applied` (the page shows the new code, its state kept), `none` (nothing of it is on this page) or
   * `reload` (Fast Refresh cannot apply it). `beforeRefresh` runs just before the page takes the new code,
   * so that what it reports while rendering comes after (the overlay of the old error goes first).
   */
  async apply(update, beforeRefresh) {
    if (update.stylesheets && !(await swapStylesheets(update.stylesheets.previous, update.stylesheets.next)))
      return 'reload';
    const loaded = update.modules.filter(({ key }) => modules.has(key));
    if (loaded.length === 0) {
      if (!update.stylesheets) return 'none';
      beforeRefresh();
      return 'applied';
    }
    const replaced = loaded.map(({ key }) => modules.get(key));
    const imported = await Promise.all(loaded.map(({ url }) => import(url)));
    const swappable = loaded.every(
      ({ segment }, index) =>
        isRefreshBoundary(replaced[index], segment) && isRefreshBoundary(imported[index], segment),
    );
    if (!swappable) return 'reload';
    beforeRefresh();
    RefreshRuntime.performReactRefresh();
    return 'applied';
  },
};
