// Middleware that wrap (docs/middleware-and-sessions.md, "Wrapping with next()"): the order around next() on
// every way into a segment, the status and headers next() resolves with, errors through next(), and time.
import { describe, expect, it } from 'vitest';
import { HANDLER_MS } from '../fixtures/onion-app/server-app.ts';
import { onionTestApp } from '../helpers/onion-test-app.ts';

const ONION = (handler: string, status: number) => [
  'outer before',
  'inner before',
  handler,
  `inner after ${status}`,
  `outer after ${status}`,
];

describe('the order around next()', () => {
  it('wraps a page load: outer before, inner before, data step, inner after, outer after', async () => {
    const { page, calls } = onionTestApp();
    const answer = await page('/page');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Page for visitor');
    expect(calls).toEqual(ONION('data step', 200));
  });

  it('wraps a data request the same way', async () => {
    const { data, calls } = onionTestApp();
    const answer = await data('/page');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"type":"page"');
    expect(calls).toEqual(ONION('data step', 200));
  });

  it('wraps an action, posted as a plain form and from JavaScript', async () => {
    const plain = onionTestApp();
    const redirected = await plain.post('/page', 'save');
    expect(redirected.status).toBe(303);
    expect(plain.calls).toEqual(ONION('action', 303));

    const scripted = onionTestApp();
    const line = await scripted.post('/page', 'save', true);
    expect(line.status).toBe(200);
    expect(line.text).toContain('"type":"redirect"');
    expect(scripted.calls).toEqual(ONION('action', 200));
  });

  it('wraps a resource route', async () => {
    const { page, calls } = onionTestApp();
    const answer = await page('/report.txt');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('Report for visitor');
    expect(calls).toEqual(ONION('resource', 200));
  });
});

describe('what next() resolves with', () => {
  it('gives the status, and takes headers added after it on every way in', async () => {
    const { page, data, post } = onionTestApp();
    for (const answer of [await page('/page'), await data('/page'), await page('/report.txt')]) {
      expect(answer.headers['x-inner-saw']).toBe('200');
    }
    const redirected = await post('/page', 'save');
    expect(redirected.headers['x-inner-saw']).toBe('303');
    const missing = await page('/nowhere');
    // The root's middleware wraps the 404 page's frame too; the inner group is not on its way.
    expect(missing.status).toBe(404);
    expect(missing.headers['server-timing']).toMatch(/^total;dur=\d+$/);
  });

  it('measures the time the answer took: the handler moved the clock by HANDLER_MS', async () => {
    const { page, data, post } = onionTestApp();
    for (const answer of [await page('/page'), await data('/page'), await post('/page', 'save')]) {
      expect(answer.headers['server-timing']).toBe(`total;dur=${HANDLER_MS}`);
    }
  });
});

describe('errors through next()', () => {
  it('lets a middleware translate an error of a data step: a page and a data answer get its 403, unreported', async () => {
    const { app, page, data, calls } = onionTestApp();
    const refused = await page('/forbidden');
    expect(refused.status).toBe(403);
    expect(calls).toEqual([
      'outer before',
      'inner before',
      'data step',
      'inner caught NotYours',
      'outer after 403',
    ]);
    expect(refused.headers['server-timing']).toBe(`total;dur=${HANDLER_MS}`);
    const line = await data('/forbidden');
    expect(line.status).toBe(403);
    expect(line.text).toContain('"type":"error"');
    expect(app.reported).toEqual([]);
  });

  it('lets a middleware translate an error of an action', async () => {
    const { app, post, calls } = onionTestApp();
    expect((await post('/page', 'steal')).status).toBe(403);
    expect(calls).toContain('inner caught NotYours');
    expect((await post('/page', 'steal', true)).text).toContain('"status":403');
    expect(app.reported).toEqual([]);
  });

  it('ends an error no middleware translates as before: every next() rejects with it, then the 500, reported once', async () => {
    const { app, page, calls } = onionTestApp();
    const failed = await page('/broken');
    expect(failed.status).toBe(500);
    expect(failed.text).not.toContain('disk on fire');
    expect(calls).toEqual(['outer before', 'inner before', 'data step', 'inner caught Error']);
    // The inner rethrew it: the root's next() rejected too, so it added nothing.
    expect(failed.headers['server-timing']).toBeUndefined();
    expect(app.reported.map(({ error }) => String(error))).toEqual(['Error: disk on fire']);
  });
});
