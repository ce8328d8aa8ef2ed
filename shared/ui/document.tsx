import type { Head } from '../routing/route-table.ts';
import type { SsrPayload } from './ssr-payload.ts';

/**
 * The document's `<head>`. The browser's React renders the whole document (AppRoot), so `<title>`, meta tags
 * and `<html lang>` follow the route on client navigation without any hand-written head management. The
 * server writes the same tags as text (server/render/document-frame.ts, checked byte for byte against this).
 * A plain function, not a component: AppRoot calls it in place (a component's props cost the browser bytes).
 */
export function documentHead(head: Head, { assets, trace }: SsrPayload, icon?: string) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{head.title}</title>
      {head.description ? <meta name="description" content={head.description} /> : null}
      {head.robots ? <meta name="robots" content={head.robots} /> : null}
      {icon ? <link rel="icon" href={icon} /> : null}
      {/* The server's trace, continued by the browser's pageload span. */}
      {trace ? <meta name="sentry-trace" content={trace.sentryTrace} /> : null}
      {trace ? <meta name="baggage" content={trace.baggage} /> : null}
      {assets.stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="default" />
      ))}
      {assets.modulePreloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
    </head>
  );
}
