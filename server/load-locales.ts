import type { NextFunction, Request, Response } from 'express';
import { LOCALES } from '../shared/routing/locale.ts';
import type { AppDefinition } from '../shared/ui/app-definition.ts';

/**
 * Loads every locale of the app (its `loadLocale`) once, when the app is created. The returned middleware
 * holds requests until all have loaded; once they have, it costs one property read.
 */
export function loadLocales(app: AppDefinition) {
  let loaded = !app.loadLocale;
  const whenLoaded = Promise.all(LOCALES.map((locale) => app.loadLocale?.(locale))).then(() => {
    loaded = true;
  });
  // A failure is not lost: every request held below passes it on to Express's error handling.
  whenLoaded.catch(() => {});
  return {
    isLoaded: () => loaded,
    waitForLocales(_request: Request, _response: Response, next: NextFunction) {
      if (loaded) return next();
      whenLoaded.then(() => next(), next);
    },
  };
}
