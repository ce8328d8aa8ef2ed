import type { ReactNode } from 'react';
import type { Locale } from '../routing/locale.ts';
import type { Head } from '../routing/route-table.ts';
import type { DocumentAssets } from './ssr-payload.ts';

export interface DocumentProps {
  lang: Locale;
  head: Head;
  assets: DocumentAssets;
  icon?: string;
  /** The server's trace, continued by the browser's pageload span. */
  trace?: { sentryTrace: string; baggage: string } | null;
  children: ReactNode;
}

/**
 * The whole HTML document. React renders it on both sides, so `<title>`, meta tags and `<html lang>`
 * follow the route on client navigation without any hand-written head management.
 */
export function Document({ lang, head, assets, icon, trace, children }: DocumentProps) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.robots ? <meta name="robots" content={head.robots} /> : null}
        {icon ? <link rel="icon" href={icon} /> : null}
        {trace ? <meta name="sentry-trace" content={trace.sentryTrace} /> : null}
        {trace ? <meta name="baggage" content={trace.baggage} /> : null}
        {assets.inlineStyle ? <style>{assets.inlineStyle}</style> : null}
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>{children}</body>
    </html>
  );
}
