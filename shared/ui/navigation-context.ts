import { createContext, type MouseEvent } from 'react';

/**
 * What `<Link>` asks of the client router. Absent on the server and before hydration, so a Link is then
 * a plain `<a href>`.
 */
export interface LinkNavigator {
  /** Handles a click: navigates client-side (and prevents the default) when the click qualifies. */
  onLinkClick(event: MouseEvent<HTMLAnchorElement>): void;
  /** Starts prefetching a link's target (hover, focus, touch), if prefetching is allowed. */
  prefetch(href: string): void;
  /** Prefetches `anchor` when it comes near the viewport; returns the function that stops watching. */
  observe(anchor: HTMLAnchorElement): () => void;
  /** Posts a `<Form>` with fetch and applies the answer (the `action` navigation). */
  submit(form: HTMLFormElement, submitter: HTMLElement | null): Promise<SubmitOutcome>;
}

/** How a JavaScript form submission ended. `native`: let the browser post the form itself. */
export type SubmitOutcome = 'done' | 'failed' | 'native';

export const NavigationContext = createContext<LinkNavigator | null>(null);

/** How long the pointer must rest on a link before it is prefetched. */
export const HOVER_PREFETCH_DELAY_MS = 20;
