import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createFixtureApp } from '../helpers/fixture-app.tsx';
import { fc, PROPERTY_RUNS } from './property-runs.ts';

const fieldName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,11}$/).filter((name) => name !== '_action');
const fieldValue = fc.string({ maxLength: 40, unit: 'grapheme' });
// Each run is a real HTTP exchange through the app.
const HTTP_RUNS = Math.min(PROPERTY_RUNS, 200);

describe('the form body reader (property)', () => {
  it('gives an action exactly the fields a browser sent, url-encoded', async () => {
    let received: Record<string, string> | undefined;
    const app = createFixtureApp({ hooks: { onFields: (fields) => (received = fields) } });
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fieldName, fieldValue, { maxKeys: 8 }), async (fields) => {
        received = undefined;
        const body = new URLSearchParams({ ...fields, _action: 'increment' }).toString();
        const response = await request(app).post('/counter').type('form').send(body);
        expect([303, 422]).toContain(response.status);
        expect(received).toEqual({ ...fields, _action: 'increment' });
      }),
      { numRuns: HTTP_RUNS },
    );
  });

  it('refuses every field name with a bracket (no nesting) with 400', async () => {
    const app = createFixtureApp();
    await fc.assert(
      fc.asyncProperty(fieldName, fc.constantFrom('[', ']', '[]', '[x]'), async (name, bracket) => {
        const body = new URLSearchParams({ [`${name}${bracket}`]: 'x', _action: 'increment' }).toString();
        const response = await request(app).post('/counter').type('form').send(body);
        expect(response.status).toBe(400);
      }),
      { numRuns: HTTP_RUNS },
    );
  });

  it.each([
    ['application/x-www-form-urlencoded'],
    ['multipart/form-data; boundary=XyZ'],
    ['text/plain'],
  ])('answers any bytes sent as %s with a 3xx or 4xx, never a crash', async (contentType) => {
    const app = createFixtureApp();
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 512 }).map((array) => Buffer.from(array)),
      fc
        .array(
          fc.constantFrom(
            '--XyZ\r\n',
            'Content-Disposition: form-data; name="_action"\r\n\r\n',
            'increment',
            '\r\n',
            '--XyZ--',
            '%',
            '=',
            '&',
            '_action=increment',
            'amount=%ZZ',
          ),
        )
        .map((parts) => Buffer.from(parts.join(''))),
    );
    await fc.assert(
      fc.asyncProperty(bytes, async (body) => {
        const response = await request(app).post('/counter').set('Content-Type', contentType).send(body);
        expect(response.status).toBeGreaterThanOrEqual(300);
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: HTTP_RUNS },
    );
  });
});
