import type { ReactNode } from 'react';

/** The bare renderer's own tiny document: charset, viewport, title, no icon, the page in #root. */
export function BareDocument({ title = 'Products', children }: { title?: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
        <title>{title}</title>
      </head>
      <body>
        <div id="root">{children}</div>
      </body>
    </html>
  );
}
