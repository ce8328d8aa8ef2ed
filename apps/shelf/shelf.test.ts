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
