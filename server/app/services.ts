import type { AnyServerApp, ServicesStart } from '../definition/server-app-definition.ts';
import type { ServicesHandle } from '../definition/services.ts';

/** Starts `definition`'s services now; an app without services gets none, started at once. */
export function startServices(definition: AnyServerApp['services'], context: ServicesStart): ServicesHandle {
  if (!definition) return startedServices({});
  let current: unknown;
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
export function startedServices(services: unknown): ServicesHandle {
  return {
    current: services,
    started: Promise.resolve(services),
    isReady: () => true,
    stop: () => Promise.resolve(),
  };
}
