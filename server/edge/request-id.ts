import { randomUUID } from 'node:crypto';

/** What an incoming id may look like to be reused: short, and nothing that could break a log line or a header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request: the incoming `X-Request-Id` (set by a proxy or a caller) when it is a short safe token,
 * else a new random UUID. A client can choose its id, so the id correlates log lines; it proves nothing.
 */
export function requestIdOf(incoming: string | undefined): string {
  return incoming !== undefined && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
