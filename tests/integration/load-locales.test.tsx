import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app/create-app.ts';
import type { Locale } from '../../shared/routing/locale.ts';
import type { AppDefinition } from '../../shared/ui/app-definition.ts';
import { Outlet } from '../../shared/ui/outlet.tsx';
import { captureLogger } from '../helpers/capture-logger.ts';
import { testConfig } from '../helpers/test-config.ts';

/** An app whose layout shows a string that exists only once its locale has loaded. */
function appWithLocales(
  loadLocale: (locale: Locale) => Promise<void>,
  loaded: Map<Locale, string>,
  logger = captureLogger(),
) {
  const app: AppDefinition = {
    root: {
      id: 'root',
      module: async () => ({
        default: () => (
          <main>
            <p>{loaded.get('en') ?? 'strings missing'}</p>
            <Outlet />
          </main>
        ),
      }),
      children: [
        {
          id: 'home',
          path: '/',
          module: async () => ({ default: () => <h1>Home</h1>, head: () => ({ title: 'Home' }) }),
        },
      ],
    },
    locales: { list: ['en', 'fr', 'de'], default: 'en' },
    loadLocale,
  };
  return createApp({ config: testConfig(), app, dataSteps: {}, logger });
}

describe("the app's loadLocale on the server", () => {
  it('loads every locale once at creation and holds requests (and readiness) until they have loaded', async () => {
    const loaded = new Map<Locale, string>();
    const calls: Locale[] = [];
    let finish = () => {};
    const allowed = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const server = appWithLocales(async (locale) => {
      calls.push(locale);
      await allowed;
      loaded.set(locale, `strings of ${locale}`);
    }, loaded);
    expect((await request(server).get('/readyz')).status).toBe(503);
    const page = request(server).get('/');
    setTimeout(finish, 50);
    const response = await page;
    expect(response.status).toBe(200);
    expect(response.text).toContain('strings of en');
    expect((await request(server).get('/readyz')).status).toBe(200);
    await request(server).get('/');
    expect(calls.sort()).toEqual(['de', 'en', 'fr']);
  });

  it('answers 500 (not a hang) and stays unready when a locale cannot load', async () => {
    const logger = captureLogger();
    const server = appWithLocales(
      async (locale) => {
        if (locale === 'de') throw new Error('locale module missing');
      },
      new Map(),
      logger,
    );
    const response = await request(server).get('/').timeout(5000);
    expect(response.status).toBe(500);
    expect(logger.errors().map((entry) => entry.message)).toHaveLength(1);
    expect((await request(server).get('/readyz')).status).toBe(503);
  });
});
