import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../helpers/built-server.ts';
import { type SentryCaptureServer, startSentryCaptureServer } from '../helpers/sentry-capture-server.ts';

const PASSWORD = 'never-leaves-the-server-7f3a9c';
const EMAIL = 'ada-sentry@example.com';

/**
 * The built server with SENTRY_DSN at a local capture server: an action that fails while a form carries a
 * password reports the failure, but none of the form's fields, and no transaction carries them either.
 */
describe('monitoring a failed form post', () => {
  let sentry: SentryCaptureServer;
  let server: BuiltServer;
  let failed: Response;

  beforeAll(async () => {
    sentry = await startSentryCaptureServer();
    server = await startBuiltServer({
      SENTRY_DSN: sentry.dsn,
      SENTRY_TRACES_SAMPLE_RATE: '1',
      ENABLE_DEBUG_ROUTES: '1',
      COOKIE_SECRET: 'test-secret-test-secret-test-secret!',
    });
    const post = (path: string, action: string) =>
      fetch(`${server.origin}${path}`, {
        method: 'POST',
        headers: { Origin: server.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _action: action, email: EMAIL, password: PASSWORD }),
        redirect: 'manual',
      });
    failed = await post('/debug/error', 'fail');
    await failed.text();
    await (await post('/sign-in', 'sign-in')).text();
    await (await post('/sign-up', 'sign-up')).text();
    // Shutdown flushes what is pending, so absences below are real absences.
    expect(await server.stop()).toBe(0);
  });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await sentry?.close();
  });

  it('reports the action’s failure once, without the request body', () => {
    expect(failed.status).toBe(500);
    const events = sentry
      .items('event')
      .map((item) => item.payload as { exception?: { values: { type: string }[] } });
    expect(events.map((event) => event.exception?.values.at(-1)?.type)).toEqual(['DebugError']);
    expect(JSON.stringify(events)).not.toContain('ada-sentry');
  });

  it('sends the password in no event, transaction or log line', () => {
    const everything = sentry.envelopes.map((envelope) => JSON.stringify(envelope.items)).join('\n');
    expect(sentry.items('transaction').length).toBeGreaterThan(0);
    expect(everything).not.toContain(PASSWORD);
    expect(server.output()).not.toContain(PASSWORD);
  });
});
