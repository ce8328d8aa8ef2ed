export const APPLICATION_ERROR_MESSAGE =
  'Application error: a client-side exception has occurred (see the browser console for more information).';

/**
 * The one error page: `404: This page could not be found.` or the application-error screen. A plain function,
 * not a component: AppRoot calls it in place (a component's props cost the browser bytes).
 *
 * @param title The page's title (`404: This page could not be found.`, from the server).
 * @param homeHref A link back to somewhere useful; without it (and a title), the client-side
 *   application-error screen: a render failed in the browser, and a reload is the way out.
 * @param eventId The monitoring event of a server error, for support requests and ops.
 */
export function errorPage(title = APPLICATION_ERROR_MESSAGE, homeHref?: string, eventId?: string) {
  const crashed = homeHref === undefined;
  return (
    <section className="error-page" role={crashed ? 'alert' : undefined}>
      <h1 className="error-page__title">{title}</h1>
      {eventId ? <p className="error-page__event">{`Error ID: ${eventId}`}</p> : null}
      <p>
        <a href={homeHref ?? globalThis.location?.href} className="button">
          {crashed ? 'Reload the page' : 'Go to the home page'}
        </a>
      </p>
    </section>
  );
}
