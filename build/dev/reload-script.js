// The dev proxy serves this file at /__dev/reload.js and puts it into every HTML page (build/dev/proxy.mjs).
// It listens to /__dev/events: `hello` carries the server generation, and a tab whose HTML came from an
// older server (a restart happened before it connected) reloads; `reload` reloads; `error` shows a build
// error in an overlay. Only DOM APIs and CSSOM (`style.cssText`), so a strict CSP (no inline styles,
// Trusted Types) does not get in the way. Both paths must match DEV_SCRIPT_PATH and DEV_EVENTS_PATH there.
(() => {
  const script = document.currentScript;
  const loaded = script ? new URL(script.src).searchParams.get('g') : null;
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
    hint.textContent = 'The page reloads when the next build succeeds. Esc hides this.';
    overlay.append(heading, text, hint);
    (document.body ?? document.documentElement).append(overlay);
  };
  addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide();
  });
  events.addEventListener('hello', (event) => {
    if (loaded !== null && JSON.parse(event.data).generation !== Number(loaded)) location.reload();
  });
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('error', (event) => {
    // A connection error is a plain Event; a build error is a message with data.
    if (!(event instanceof MessageEvent)) return;
    const { title, message } = JSON.parse(event.data);
    show(title, message);
  });
})();
