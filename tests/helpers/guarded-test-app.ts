import type { Middlewares } from '../../server/index.ts';
import { createTestApp, type TestOverrides } from '../../server/test-kit.ts';
import { guardedApp } from '../fixtures/guarded-app/routes.tsx';
import guardedServer, { type GuardedServices, VISITOR_COOKIE } from '../fixtures/guarded-app/server-app.ts';

/**
 * The guarded fixture app under the test kit, with the list of middleware each request ran (`calls`, its
 * services) and the Cookie header of a signed-in visitor named ada.
 */
export function guardedTestApp(
  overrides: Omit<TestOverrides<GuardedServices>, 'services' | 'middleware'> & {
    middleware?: Middlewares<GuardedServices>;
  } = {},
) {
  const services: GuardedServices = { calls: [] };
  const app = createTestApp({ app: guardedApp, server: guardedServer }, { ...overrides, services });
  return {
    app,
    calls: services.calls,
    /** Ada's signed cookie, as a session cookie would be sent. */
    ada: app.signedCookieHeader({ [VISITOR_COOKIE]: 'ada' }),
    /** The only visitor the admin page lets in. */
    root: app.signedCookieHeader({ [VISITOR_COOKIE]: 'root' }),
  };
}
