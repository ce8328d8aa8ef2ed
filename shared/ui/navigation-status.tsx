/**
 * The visible and audible side of a client navigation: a thin progress bar (CSS shows it only after the
 * navigation has been pending for ~150 ms, so fast navigations never flash it) and a visually hidden live
 * region that reads the new page's title, as a screen reader would on a full load.
 */
export function NavigationStatus({
  navigating,
  announcement,
}: {
  navigating: boolean;
  announcement: string;
}) {
  return (
    <>
      <div className="navigation-progress" data-active={navigating ? 'true' : 'false'} aria-hidden="true" />
      <div aria-live="assertive" aria-atomic="true" data-route-announcer="">
        {announcement}
      </div>
    </>
  );
}
