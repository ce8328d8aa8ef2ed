import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { DataSteps } from '../../server/index.ts';
import { sendPlainErrorPage } from '../../server/render/plain-error-page.ts';
import { errorHead } from '../../server/resolve/error-head.ts';
import { createTestApp } from '../../server/test-kit.ts';
import { HttpError } from '../../shared/index.ts';
import tinyApp from '../fixtures/tiny-app/app.ts';
import tinyServerApp from '../fixtures/tiny-app/server-app.ts';
import { guardedTestApp } from '../helpers/guarded-test-app.ts';

const DATA = '/_data/development';

/** A guard as an app writes one: only the root account may see /admin. */
function adminsOnly() {
  return guardedTestApp({
    middleware: {
      admin: ({ signedCookies }) => {
        if (signedCookies.visitor !== 'root') throw new HttpError(403, 'Admins only');
      },
    },
  });
}

function tinyThrowing(error: unknown, segment: 'notes' | 'second' = 'notes') {
  const step: DataSteps[string] = () => {
    throw error;
  };
  return createTestApp({ app: tinyApp, server: tinyServerApp }, { dataSteps: { [segment]: step } });
}

describe("an HttpError's public message", () => {
  it('titles the error page a guard answers, for a page load and for a client navigation', async () => {
    const { app } = adminsOnly();
    const page = await request(app.server).get('/admin').expect(403);
    expect(page.text).toContain('<title>403: Admins only</title>');
    expect(page.text).toContain('<h1 class="error-page__title">403: Admins only</h1>');
    expect(page.text).not.toContain('Forbidden');
    const data = await app.data('/admin');
    expect(data).toMatchObject({
      status: 403,
      first: { type: 'error', head: { title: '403: Admins only' } },
    });
  });

  it('reaches the error component of the nearest boundary, and the head', async () => {
    const app = tinyThrowing(new HttpError(403, 'Members only'), 'second');
    const page = await request(app.server).get('/notes/second').expect(403);
    expect(page.text).toContain('<title>403: Members only</title>');
    expect(page.text).toContain('<p id="note-error">Members only</p>');
    const data = await app.data('/notes/second');
    expect(JSON.stringify(data.first)).toContain('"message":"Members only"');
  });

  it('titles the page an action or a resource route refuses', async () => {
    const { app, ada } = guardedTestApp({
      actions: {
        'account-home': {
          rename: () => {
            throw new HttpError(409, 'That name is taken');
          },
        },
      },
      resources: {
        statement: () => {
          throw new HttpError(410, 'Statements moved to the bank');
        },
      },
    });
    const plain = await app.submit('/account', 'rename', { name: 'bob' }, { cookie: ada });
    expect(plain.status).toBe(409);
    expect(plain.html).toContain('<title>409: That name is taken</title>');
    const scripted = await app.submit(
      '/account',
      'rename',
      { name: 'bob' },
      { cookie: ada, javascript: true },
    );
    expect(scripted.first).toMatchObject({ type: 'error', head: { title: '409: That name is taken' } });
    const resource = await request(app.server).get('/account/statement.txt').set('Cookie', ada).expect(410);
    expect(resource.text).toContain('410: Statements moved to the bank');
  });

  it('is text, never markup', async () => {
    const app = tinyThrowing(new HttpError(400, '<img src=x onerror=alert(1)>'));
    const page = await request(app.server).get('/notes/first').expect(400);
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('400: &lt;img src=x onerror=alert(1)&gt;');
    // The last resort, when even the layout cannot render, writes its HTML by hand.
    const plain = express().get('/', (_, response) => {
      sendPlainErrorPage(response, 400, errorHead(400, '<img src=x onerror=alert(1)>'), '/');
    });
    const text = (await request(plain).get('/').expect(400)).text;
    expect(text).not.toContain('<img src=x');
    expect(text).toContain('<h1>400: &lt;img src=x onerror=alert(1)&gt;</h1>');
  });
});

describe("a server error's message", () => {
  it('stays out of the page and the data answer unless the error exposes it', async () => {
    const secret = new HttpError(503, 'pool exhausted on db-3.internal');
    const app = tinyThrowing(secret);
    const page = await request(app.server).get('/notes/first').expect(503);
    expect(page.text).toContain('503: Service Unavailable.');
    expect(page.text).not.toContain('db-3.internal');
    const data = await request(app.server).get(`${DATA}/notes/first`);
    expect(data.status).toBeGreaterThanOrEqual(500);
    expect(data.text).not.toContain('db-3.internal');
    const boundary = await request(tinyThrowing(secret, 'second').server).get('/notes/second').expect(503);
    expect(boundary.text).not.toContain('db-3.internal');
  });

  it('shows a message written for visitors (expose: true)', async () => {
    const app = tinyThrowing(new HttpError(503, 'Back in ten minutes', { expose: true }));
    const page = await request(app.server).get('/notes/first').expect(503);
    expect(page.text).toContain('<h1 class="error-page__title">503: Back in ten minutes</h1>');
  });

  it('keeps an unexpected error’s message private', async () => {
    const app = tinyThrowing(new Error('ECONNREFUSED 10.0.0.3:5432'));
    const page = await request(app.server).get('/notes/first').expect(500);
    expect(page.text).toContain('500: Internal Server Error.');
    expect(page.text).not.toContain('10.0.0.3');
  });
});
