import { useSyncExternalStore } from 'react';
import type { AppDefinition } from '../shared/ui/app-definition.ts';
import { AppRoot } from '../shared/ui/app-root.tsx';
import { NavigationContext } from '../shared/ui/navigation-context.ts';
import type { Router } from './navigation/router.ts';

/** The browser's React root: the server's tree, driven by the client router's state. */
export function ClientApp({
  app,
  router,
  onHydrated,
  onRenderError,
}: {
  app: AppDefinition;
  router: Router;
  onHydrated: () => void;
  onRenderError: (error: unknown) => void;
}) {
  const { page, navigating, announcement } = useSyncExternalStore(
    router.subscribe,
    router.getSnapshot,
    router.getSnapshot,
  );
  return (
    <NavigationContext.Provider value={router.navigator}>
      <AppRoot
        app={app}
        payload={page.payload}
        Page={page.Page}
        onHydrated={onHydrated}
        navigating={navigating}
        announcement={announcement}
        onRenderError={onRenderError}
      />
    </NavigationContext.Provider>
  );
}
