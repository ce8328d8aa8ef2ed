export const APPLICATION_ERROR_MESSAGE =
  'Application error: a client-side exception has occurred (see the browser console for more information).';

/**
 * The one error page: `404: This page could not be found.` or the application-error screen. A plain function,
 * not a component: AppRoot calls it in place (a component's props cost the browser bytes).
 *
 * @param title The page's title (`404: This page could not be found.`, from the server); without it, the
 *   client-side application-error screen.
 * @param homeHref A link back to somewhere useful.
 * @param eventId The monitoring event of a server error, for support requests and ops.
 */
export function errorPage(title?: string, homeHref?: string, eventId?: string) {
  if (title === undefined) {
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
      <h1 className="error-page__title">{title}</h1>
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
