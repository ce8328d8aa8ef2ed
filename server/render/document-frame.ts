import type { Head } from '../../shared/routing/route-table.ts';
import type { SsrPayload } from '../../shared/ui/ssr-payload.ts';

/**
 * The document around what React renders: `<!DOCTYPE html>`, `<html lang>`, the whole `<head>` and `<body>`,
 * then the payload and entry scripts after the shell, and the closing tags. React renders only the body's
 * tree (appBody): given the `<html>` root it also works out the head's hoistables, resources and preamble on
 * every request, a share of the light page's CPU per request worth saving (bench/side-by-side.mjs).
 *
 * The text is what React writes for the browser's AppRoot (`<html>`, documentHead, `<body>`) plus the tags
 * only the server writes (the charset, stylesheets, preloads and trace: the browser's React skips and keeps
 * them), byte for byte (tests/unit/document-frame.test.tsx): its head's tags are in React's order (charset,
 * viewport, stylesheets, the entry's preload, then documentHead's tags, then the trace and the preloads),
 * escaped as React escapes.
 */
export interface DocumentFrame {
  /** Up to and including `<body>`, before React's first byte. */
  start: string;
  /** The payload and entry scripts, written once React has flushed the shell (nothing without a client build). */
  afterShell: string;
  /** After React's last byte and the last deferred value's script. */
  end: string;
}

export interface DocumentFrameParts {
  head: Head;
  payload: Pick<SsrPayload, 'locale' | 'assets'>;
  /**
   * The request's trace as `sentry-trace` and `baggage` meta tags, which the browser's Sentry continues in its
   * pageload span; none on a shared page (its trace would be the first visitor's).
   */
  trace: { sentryTrace: string; baggage: string } | undefined;
  icon?: string;
  /** The app's stylesheet as a `<style>` tag (inlineStyleTag), when the build inlines it. */
  inlineStyleTag: string | undefined;
  /** The client entry; none without a client build (server-only tests). */
  entry: string | undefined;
  /** The payload script's source; written only with an entry. */
  bootstrapScript: string;
  /** The response's CSP nonce, on every script and on the entry's preload. */
  nonce: string | undefined;
}

const DOCUMENT_END = '</body></html>';

/** The key React dedupes the inlined stylesheet by (`data-href`); the browser's React keeps the tag. */
const INLINE_STYLE_HREF = 'app-stylesheet';

/** The app's inlined stylesheet as React writes a `<style>` with a precedence; made once per build. */
export function inlineStyleTag(css: string): string {
  return `<style data-precedence="default" data-href="${INLINE_STYLE_HREF}">${css}</style>`;
}

export function documentFrame(parts: DocumentFrameParts): DocumentFrame {
  const { head, payload, icon, inlineStyleTag: styleTag, entry, nonce, trace } = parts;
  const nonceAttribute = nonce === undefined ? '' : ` nonce="${escapeHtml(nonce)}"`;
  let start = `<!DOCTYPE html><html lang="${escapeHtml(payload.locale)}"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>`;
  for (const href of payload.assets.stylesheets)
    start += `<link rel="stylesheet" href="${escapeHtml(href)}" data-precedence="default"/>`;
  if (styleTag) start += styleTag;
  if (entry)
    start += `<link rel="modulepreload" fetchPriority="low"${nonceAttribute} href="${escapeHtml(entry)}"/>`;
  start += `<title>${escapeHtml(head.title)}</title>`;
  if (head.description) start += metaTag('description', head.description);
  if (head.robots) start += metaTag('robots', head.robots);
  if (icon) start += `<link rel="icon" href="${escapeHtml(icon)}"/>`;
  if (trace) start += metaTag('sentry-trace', trace.sentryTrace) + metaTag('baggage', trace.baggage);
  for (const href of payload.assets.modulePreloads)
    start += `<link rel="modulepreload" href="${escapeHtml(href)}"/>`;
  start += '</head><body>';
  const afterShell = entry
    ? `<script${nonceAttribute}>${parts.bootstrapScript}</script><script type="module" src="${escapeHtml(entry)}"${nonceAttribute} async=""></script>`
    : '';
  return { start, afterShell, end: DOCUMENT_END };
}

const metaTag = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}"/>`;

const HTML_ESCAPES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};

/** Text and attribute values as React escapes them. */
export function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (char) => HTML_ESCAPES[char] as string);
}
