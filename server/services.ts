import type { Request } from 'express';
import type { Logger } from './monitoring/logger.ts';
import type { Config } from './process/config.ts';
import type { AppServices, ServicesDefinition } from './server-app-definition.ts';

/** An app's services in a process: started (or starting), ready or not, and how to stop them. */
export interface ServicesHandle {
  /** The services once started; undefined before. */
  readonly current: AppServices | undefined;
  /** Resolves once they are started; rejects when starting failed. */
  readonly started: Promise<AppServices>;
  isReady(): boolean;
  /** Stops them (once started); a second call does nothing. */
  stop(): Promise<void>;
}

/** Starts `definition`'s services now; an app without services gets none, started at once. */
export function startServices(
  definition: ServicesDefinition | undefined,
  context: { config: Readonly<Config>; logger: Logger },
): ServicesHandle {
  if (!definition) return startedServices({});
  let current: AppServices | undefined;
  let stopped: Promise<void> | undefined;
  const started = definition.start(context).then((services) => {
    current = services;
    return services;
  });
  // The process entry reports a failed start; pages waiting on it get the rejection.
  started.catch(() => {});
  return {
    get current() {
      return current;
    },
    started,
    isReady: () => current !== undefined && (definition.isReady?.(current) ?? true),
    stop() {
      stopped ??= started.then(
        (services) => definition.stop?.(services),
        () => {},
      );
      return stopped;
    },
  };
}

/** Services that are already started (tests, and apps without any). */
export function startedServices(services: AppServices): ServicesHandle {
  return {
    current: services,
    started: Promise.resolve(services),
    isReady: () => true,
    stop: () => Promise.resolve(),
  };
}

/** The started services of the app serving `request` (createApp keeps them in Express's app.locals). */
export function servicesOf(request: Request): AppServices {
  return (request.app.locals.services as ServicesHandle | undefined)?.current ?? {};
}
