// #region test
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#runtime/test-kit';
import shelfApp from './app.ts';
import { href } from './routes.ts';
import shelfServer from './server-app.ts';

// Each test app starts its own services, so each test gets a fresh in-memory shelf.
const startShelf = () => createTestApp({ app: shelfApp, server: shelfServer });

describe('the shelf', () => {
  it('lists the books, each linking to its page', async () => {
    const app = startShelf();
    const list = await request(app.server).get(href('books')).expect(200);
    expect(list.text).toContain('<a href="/books/dune">Dune</a>');
    expect(list.text).toContain('<title>My shelf</title>');
  });

  it('shows a book, and 404 for a book that is not on the shelf', async () => {
    const app = startShelf();
    await request(app.server)
      .get(href('book', { id: 'dune' }))
      .expect(200, /Frank Herbert/);
    await request(app.server)
      .get(href('book', { id: 'no-such-book' }))
      .expect(404, /No such book/);
  });

  it('adds a note: 303 back to the book, which then shows it', async () => {
    const app = startShelf();
    const page = href('book', { id: 'dune' });
    const added = await app.submit(page, 'add-note', { note: 'The spice must flow' });
    expect(added).toMatchObject({ status: 303, location: page });
    expect((await app.follow(page)).text).toContain('<li>The spice must flow</li>');
    expect((await app.follow(href('books'))).text).toContain('Frank Herbert (1 note)');
  });

  it('refuses an empty note with 422, the page and the error', async () => {
    const app = startShelf();
    const refused = await app.submit(href('book', { id: 'dune' }), 'add-note', { note: '   ' });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('Write a note first.');
  });

  it('keeps what was typed when a note is too long, and answers the client router in place', async () => {
    const app = startShelf();
    const note = 'x'.repeat(141);
    const refused = await app.submit(
      href('book', { id: 'dune' }),
      'add-note',
      { note },
      { javascript: true },
    );
    expect(refused.first).toMatchObject({
      type: 'invalid',
      errors: { note: 'A note has at most 140 characters.' },
      values: { note },
    });
  });
});
// #endregion test

// #region my-notes-test
describe('a signed-in reader’s notes', () => {
  it('signs in, keeps the reader’s notes, shows the sign-in notice once, and signs out', async () => {
    const app = startShelf();
    // A browser without JavaScript: it keeps the cookies each answer sets, and posts plain forms.
    const browser = request.agent(app.server);
    const post = (path: string, fields: Record<string, string>) =>
      browser.post(path).type('form').set('Origin', 'http://127.0.0.1').set('Host', '127.0.0.1').send(fields);
    // Not signed in: "My notes" sends the reader to sign in.
    await browser.get(href('my-notes')).expect(302).expect('Location', href('sign-in'));

    await post(href('sign-in'), { _action: 'sign-in', name: 'Ada' })
      .expect(303)
      .expect('Location', href('my-notes'));
    await post(href('book', { id: 'dune' }), { _action: 'add-note', note: 'Read it twice' }).expect(303);
    await app.submit(href('book', { id: 'dune' }), 'add-note', { note: 'Nobody’s note' });

    const first = await browser.get(href('my-notes')).expect(200);
    expect(first.text).toContain('Signed in as Ada.');
    expect(first.text).toContain('Read it twice');
    expect(first.text).not.toContain('Nobody’s note');
    // The flash value lasted one read.
    expect((await browser.get(href('my-notes')).expect(200)).text).not.toContain('Signed in as Ada.');

    const beforeSignOut = first.headers['set-cookie']?.[0]?.split(';')[0] ?? '';
    await post(href('my-notes'), { _action: 'sign-out' }).expect(303).expect('Location', href('books'));
    await browser.get(href('my-notes')).expect(302).expect('Location', href('sign-in'));
    // A copy of the signed-in cookie kept from before: its session has ended.
    expect((await app.follow(href('my-notes'), { cookie: beforeSignOut })).redirects[0]?.location).toBe(
      href('sign-in'),
    );
  });
  it('refuses an empty name with 422 and the error, and signs no one in', async () => {
    const app = startShelf();
    const refused = await app.submit(href('sign-in'), 'sign-in', { name: '  ' });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('Write your name.');
    expect(refused.cookies).toEqual([]);
  });
});
// #endregion my-notes-test
