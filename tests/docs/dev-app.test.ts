// The dev-mode fixture (tests/fixtures/dev-app/), which docs/dev-mode.md quotes, served as a production app:
// the page the dev-mode tests edit renders its data step's message and its counter.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../server/test-kit.ts';
import devApp from '../fixtures/dev-app/app.ts';
import devServerApp from '../fixtures/dev-app/server-app.ts';

describe('the dev-mode fixture app', () => {
  it('renders its counter page with its data step message', async () => {
    const app = createTestApp({ app: devApp, server: devServerApp });
    const page = await request(app.server).get('/').expect(200);
    expect(page.text).toContain('Message from the first data step');
    expect(page.text).toContain('Clicked 0 times');
  });
});
