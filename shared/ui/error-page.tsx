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
  // Without a title: a render failed in the browser, and a reload is the way out.
  const crashed = title === undefined;
  return (
    <section className="error-page" role={crashed ? 'alert' : undefined}>
      <h1 className="error-page__title">{title ?? APPLICATION_ERROR_MESSAGE}</h1>
      {eventId ? <p className="error-page__event">{`Error ID: ${eventId}`}</p> : null}
      {crashed || homeHref ? (
        <p>
          <a href={crashed ? globalThis.location?.href : homeHref} className="button">
            {crashed ? 'Reload the page' : 'Go to the home page'}
          </a>
        </p>
      ) : null}
    </section>
  );
}
