import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEBUG_SLOW_MAX_MS, debugSlowDelayMs } from '../../server/app/debug-data-steps.ts';
import { captureLogger } from '../helpers/capture-logger.ts';
import { createFixtureApp } from '../helpers/fixture-app.tsx';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

describe('ENABLE_DEBUG_ROUTES', () => {
  it('is off by default: the debug pages do not exist', async () => {
    const app = createFixtureApp();
    expect((await request(app).get('/debug/error')).status).toBe(404);
    expect((await request(app).get('/debug/slow?ms=1')).status).toBe(404);
  });

  it('/debug/error throws in its data step: a reported 500', async () => {
    const logger = captureLogger();
    const app = createFixtureApp({ env: { ENABLE_DEBUG_ROUTES: '1' }, logger });
    const response = await request(app).get('/debug/error');
    expect(response.status).toBe(500);
    expect(response.text).toContain('500: Internal Server Error.');
    expect(logger.errors()).toHaveLength(1);
    expect(logger.errors()[0]?.details).toMatchObject({ err: { name: 'DebugError' } });
  });

  it('/debug/slow?ms=N waits about N ms before answering', async () => {
    const app = createFixtureApp({ env: { ENABLE_DEBUG_ROUTES: '1' } });
    const started = performance.now();
    const response = await request(app).get('/debug/slow?ms=150');
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(response.text).toContain('The data step waited 150 ms.');
  });

  it.each([
    [null, 1000],
    ['abc', 0],
    ['-5', 0],
    ['12.7', 12],
    ['99999999', DEBUG_SLOW_MAX_MS],
  ])('/debug/slow bounds ms=%s to %s', (requested, expected) => {
    expect(debugSlowDelayMs(requested)).toBe(expected);
  });
});

describe("the browser's route tree", () => {
  it.each([
    ['unset', {}, false],
    ['1', { ENABLE_DEBUG_ROUTES: '1' }, true],
  ])('holds the debug routes only when they are served (ENABLE_DEBUG_ROUTES=%s)', async (_, env, served) => {
    const response = await request(createStorefrontApp(env)).get('/help');
    expect(response.status).toBe(200);
    expect(response.text).toContain(`"debugRoutes":${served}`);
  });
});
