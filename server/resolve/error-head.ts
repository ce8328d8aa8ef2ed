import type { Head } from '../../shared/routing/route-table.ts';

/**
 * The public title of each status the runtime renders itself (the error pages:
 * docs/locales-and-base-path.md#urls).
 */
const STATUS_TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request.',
  403: 'Forbidden.',
  404: 'This page could not be found.',
  405: 'Method Not Allowed.',
  408: 'Request Timeout.',
  413: 'Payload Too Large.',
  414: 'URI Too Long.',
  415: 'Unsupported Media Type.',
  422: 'Unprocessable Content.',
  429: 'Too Many Requests.',
  500: 'Internal Server Error.',
  502: 'Bad Gateway.',
  503: 'Service Unavailable.',
};

/**
 * The head of an error page, `404: This page could not be found.`, never indexed; `403: Admins only` with an
 * HttpError's public message (publicMessageOf). Only the server words it: documents and data answers carry
 * it, so the browser bundle needs no table of titles.
 */
export function errorHead(status: number, publicMessage?: string): Head {
  const title =
    publicMessage || STATUS_TITLES[status] || (status >= 500 ? 'Internal Server Error.' : 'Error.');
  return { title: `${status}: ${title}`, robots: 'noindex' };
}
