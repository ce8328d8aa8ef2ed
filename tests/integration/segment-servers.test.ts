import request from 'supertest';
import { describe, expect, it } from 'vitest';
import shelfApp from '../../apps/shelf/app.ts';
import { bookServer } from '../../apps/shelf/book.server.ts';
import { booksServer } from '../../apps/shelf/books.server.ts';
import { rootServer } from '../../apps/shelf/root.server.ts';
import { shelfServices } from '../../apps/shelf/services.ts';
import { createApp } from '../../server/app/create-app.ts';
import { startServices } from '../../server/app/services.ts';
import type { DataSteps, SegmentServer } from '../../server/index.ts';
import { captureLogger } from '../helpers/capture-logger.ts';
import { testConfig } from '../helpers/test-config.ts';

/** The shelf as the process entry builds it: createApp with the server definition's `segments`. */
function shelfWith(definition: { segments: readonly SegmentServer[]; dataSteps?: DataSteps }) {
  const config = testConfig();
  const logger = captureLogger();
  const services = startServices(shelfServices, { config, appConfig: undefined, logger });
  return createApp({ config, app: shelfApp, ...definition, services, logger });
}

describe('segment modules', () => {
  it("run each segment's data step and actions, named once by its id", async () => {
    // The root's module hands out the reader's session, which the book's action reads.
    const app = shelfWith({ segments: [rootServer, booksServer, bookServer] });
    await request(app).get('/').expect(200, /Dune/);
    await request(app).get('/books/no-such-book').expect(404);
    const origin = 'http://127.0.0.1';
    const posted = await request(app)
      .post('/books/dune')
      .set('Origin', origin)
      .set('Host', '127.0.0.1')
      .type('form')
      .send({ _action: 'add-note', note: 'Spice' });
    expect(posted.status).toBe(303);
    await request(app).get('/books/dune').expect(200, /Spice/);
  });

  it('refuse at start two modules with one id, a part given twice, or an id the tree does not have', () => {
    expect(() => shelfWith({ segments: [bookServer, { ...bookServer }] })).toThrow(
      'Two segment modules are named "book"',
    );
    expect(() => shelfWith({ segments: [bookServer], dataSteps: { book: () => ({}) } })).toThrow(
      /Segment "book" has its data both in its segment module and in the server definition's dataSteps/,
    );
    expect(() => shelfWith({ segments: [{ id: 'bok', data: () => ({}) }] })).toThrow(
      /Segment module "bok": the route tree has no segment with that id/,
    );
  });
});
