import type { Head } from '../routing/route-table.ts';

/**
 * The document's `<head>` as the browser's React renders it (AppRoot renders the whole document), so
 * `<title>`, meta tags and `<html lang>` follow the route on client navigation without any hand-written head
 * management. The server writes the whole head as text (server/render/document-frame.ts, checked byte for
 * byte against this plus the server's own tags). Only the server writes the tags that matter while the page
 * loads and never change after: the charset, stylesheets, module preloads and the trace. The browser's React
 * skips them when it hydrates the head and keeps them (and keeps stylesheets even when it renders the
 * document afresh); the viewport and icon are rendered here too, so they survive such a fresh render.
 * A plain function, not a component: AppRoot calls it in place (a component's props cost the browser bytes).
 */
export function documentHead(head: Head, icon?: string) {
  return (
    <head>
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{head.title}</title>
      {head.description ? <meta name="description" content={head.description} /> : null}
      {head.robots ? <meta name="robots" content={head.robots} /> : null}
      {icon ? <link rel="icon" href={icon} /> : null}
    </head>
  );
}
