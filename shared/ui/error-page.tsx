/** The public title of each status the runtime renders itself (DESIGN.md section 9). */
const STATUS_TITLES: Record<number, string> = {
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

export const APPLICATION_ERROR_MESSAGE =
  'Application error: a client-side exception has occurred (see the browser console for more information).';

export function statusTitle(status: number): string {
  return STATUS_TITLES[status] ?? (status >= 500 ? 'Internal Server Error.' : 'Error.');
}

export interface ErrorPageProps {
  /** The HTTP status; without it, the client-side application-error screen. */
  status?: number;
  /** Shown under the title; safe, public text only. */
  detail?: string;
  /** A link back to somewhere useful. */
  homeHref?: string;
  /** The monitoring event of a server error, for support requests and ops. */
  eventId?: string;
}

/** The one error component: `404: This page could not be found.` or the application-error screen. */
export function ErrorPage({ status, detail, homeHref, eventId }: ErrorPageProps) {
  if (status === undefined) {
    return (
      <section className="error-page" role="alert">
        <h1 className="error-page__title">{APPLICATION_ERROR_MESSAGE}</h1>
        <p>
          <a href={globalThis.location?.href} className="button">
            Reload the page
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className="error-page">
      <h1 className="error-page__title">{`${status}: ${statusTitle(status)}`}</h1>
      {detail ? <p className="error-page__detail">{detail}</p> : null}
      {eventId ? <p className="error-page__event">{`Error ID: ${eventId}`}</p> : null}
      {homeHref ? (
        <p>
          <a href={homeHref} className="button">
            Go to the home page
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** The head of an error page: its title, and never indexed. */
export function errorHead(status: number) {
  return { title: `${status}: ${statusTitle(status)}`, robots: 'noindex' };
}
