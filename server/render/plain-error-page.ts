import type { Response } from 'express';
import type { Head } from '../../shared/routing/route-table.ts';
import { escapeHtml } from './document-frame.ts';

/** The last resort when even the error document (the layout) fails to render. */
export function sendPlainErrorPage(response: Response, status: number, head: Head, homeHref: string) {
  if (response.headersSent) return;
  // An HttpError's message is the app's text, and may hold `<`.
  const title = escapeHtml(head.title);
  response
    .status(status)
    .type('html')
    .send(
      `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title><meta name="robots" content="noindex"></head><body><h1>${title}</h1><p><a href="${homeHref}">Go to the home page</a></p></body></html>`,
    );
}
