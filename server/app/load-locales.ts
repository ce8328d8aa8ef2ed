import type { AppDefinition } from '../../shared/ui/app-definition.ts';

/**
 * Loads every locale of the app (its `loadLocale`) once, when the app is created. Requests wait for
 * `whenLoaded` until all have loaded; a failure rejects it, so every waiting request gets the error.
 */
export interface LoadedLocales {
  isLoaded: () => boolean;
  whenLoaded: Promise<void>;
}

export function loadLocales(app: AppDefinition): LoadedLocales {
  let loaded = !app.loadLocale;
  const whenLoaded = Promise.all(app.locales.list.map((locale) => app.loadLocale?.(locale))).then(() => {
    loaded = true;
  });
  // A failure is not lost: requests that wait on it pass it on to Express's error handling.
  whenLoaded.catch(() => {});
  return { isLoaded: () => loaded, whenLoaded };
}
