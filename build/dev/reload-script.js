// The dev proxy serves this file at /__dev/reload.js and puts it into every HTML page (build/dev/proxy.mjs).
// It listens to /__dev/events (build/dev/dev-events.mjs): `hello` carries the server generation, and a tab
// whose HTML came from an older server (a restart happened before it connected) reloads; `update` hands
// hot modules and stylesheets to the Fast Refresh runtime in the page (build/dev/refresh-runtime.mjs),
// and a tab reloads after the restart when it cannot apply them; `restarted` refreshes the page's data
// when only server code changed; `error` shows a build error in an overlay, as are errors thrown in the
// page (their stacks mapped to source files by the proxy). Only DOM APIs and CSSOM (`style.cssText`), so a
// strict CSP (no inline styles, Trusted Types) does not get in the way. The paths must match proxy.mjs's.
// long function: the whole script, inside a function so that its names stay out of the page's globals.
(() => {
  const script = document.currentScript;
  let loaded = script ? new URL(script.src).searchParams.get('g') : null;
  let reloadAfterRestart = false;
  const unavailable = document.documentElement.hasAttribute('data-dev-unavailable');
  /** Updates arrive in order and are applied one after the other. */
  let applying = Promise.resolve();
  const events = new EventSource('/__dev/events');
  let overlay = null;
  const hide = () => {
    overlay?.remove();
    overlay = null;
  };
  const show = (title, message) => {
    hide();
    overlay = document.createElement('div');
    overlay.setAttribute('role', 'alert');
    overlay.dataset.devOverlay = '';
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:24px 32px;' +
      'background:rgba(24,24,27,.95);color:#fafafa;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace';
    const heading = document.createElement('div');
    heading.style.cssText = 'font-size:18px;font-weight:bold;color:#fca5a5;margin-bottom:12px';
    heading.textContent = title;
    const text = document.createElement('pre');
    text.style.cssText = 'white-space:pre-wrap;margin:0 0 16px';
    text.textContent = message;
    const hint = document.createElement('div');
    hint.style.cssText = 'color:#a1a1aa';
    hint.textContent = 'This goes away when the fix is saved. Esc hides it.';
    overlay.append(heading, text, hint);
    (document.body ?? document.documentElement).append(overlay);
  };
  addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide();
  });
  events.addEventListener('hello', (event) => {
    if (loaded !== null && JSON.parse(event.data).generation !== Number(loaded)) location.reload();
  });
  events.addEventListener('update', (event) => {
    const update = JSON.parse(event.data);
    const runtime = window.__ssrDevRefresh;
    applying = applying
      .then(() => (runtime ? runtime.apply(update, hide) : 'reload'))
      .then(
        (outcome) => {
          if (outcome === 'reload') reloadAfterRestart = true;
        },
        (error) => {
          console.error('Fast Refresh failed; the page reloads after the restart:', error);
          reloadAfterRestart = true;
        },
      );
  });
  events.addEventListener('restarted', (event) => {
    const { generation, refresh } = JSON.parse(event.data);
    applying.then(() => {
      // The proxy's 503 page has nothing to refresh in place: whatever restarted, the page is back.
      if (reloadAfterRestart || unavailable) return location.reload();
      loaded = String(generation);
      hide();
      const router = window.__ssrDevRefresh?.router;
      if (refresh) router ? router.refresh() : location.reload();
    });
  });
  events.addEventListener('error', (event) => {
    // A connection error is a plain Event; a build error is a message with data.
    if (!(event instanceof MessageEvent)) return;
    const { title, message } = JSON.parse(event.data);
    show(title, message);
  });

  /** Shows an error thrown in the page, then again with its stack in source locations. */
  const showError = (error) => {
    const text = error instanceof Error ? error.stack || String(error) : String(error);
    show('Runtime error', text);
    fetch('/__dev/locate', { method: 'POST', body: text })
      .then((response) => response.text())
      .then(
        (located) => {
          if (overlay) show('Runtime error', located);
        },
        () => {},
      );
  };
  addEventListener('error', (event) => showError(event.error ?? event.message));
  addEventListener('unhandledrejection', (event) => showError(event.reason));
  // build/dev/client-entry.tsx hands it the errors a route's boundary catches.
  window.__ssrDevShowError = showError;
})();
