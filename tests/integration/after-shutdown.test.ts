// Graceful shutdown waits for after() work (docs/middleware-and-sessions.md, "Work after the response"), in a
// real server process: /debug/slow?after=N schedules N ms of work once its answer is out.
import { afterEach, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../helpers/built-server.ts';

/** The process's JSON log lines, in order, by message. */
function messagesOf(server: BuiltServer): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe('after() work across a shutdown', () => {
  let server: BuiltServer | undefined;
  afterEach(() => {
    server?.child.kill('SIGKILL');
    server = undefined;
  });

  it('timeline: answer sent -> after() work pending -> SIGTERM -> the work finishes -> services stop -> exit 0', async () => {
    server = await startBuiltServer({ ENABLE_DEBUG_ROUTES: '1', SHUTDOWN_TIMEOUT_MS: '10000' });
    const answer = await fetch(`${server.origin}/debug/slow?ms=0&after=1500`);
    expect(answer.status).toBe(200);
    await answer.text();
    expect(await server.stop()).toBe(0);
    const messages = messagesOf(server);
    const waiting = messages.indexOf('waiting for after() work');
    expect(waiting).toBeGreaterThan(messages.indexOf('draining'));
    expect(messages.indexOf('after() work finished')).toBeGreaterThan(waiting);
    expect(messages.indexOf('stopped')).toBeGreaterThan(messages.indexOf('after() work finished'));
    expect(messages).not.toContain('shutdown deadline passed: abandoning after() work');
  });

  it('abandons work that outlives SHUTDOWN_TIMEOUT_MS with a log line, and still exits 0', async () => {
    server = await startBuiltServer({ ENABLE_DEBUG_ROUTES: '1', SHUTDOWN_TIMEOUT_MS: '300' });
    const answer = await fetch(`${server.origin}/debug/slow?ms=0&after=20000`);
    await answer.text();
    expect(await server.stop()).toBe(0);
    const messages = messagesOf(server);
    expect(messages).toContain('shutdown deadline passed: abandoning after() work');
    expect(messages).not.toContain('after() work finished');
    const abandoned = server
      .output()
      .split('\n')
      .find((line) => line.includes('abandoning after() work'));
    expect(JSON.parse(abandoned ?? '{}')).toMatchObject({ abandoned: 1, shutdownTimeoutMs: 300 });
  });
});
