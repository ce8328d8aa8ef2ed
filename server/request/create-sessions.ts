import type { Request } from 'express';
import type { RequestContext } from '../definition/request-context.ts';
import type { Session, Sessions, SessionsOptions } from '../definition/session.ts';
import type { SessionShape, SessionStore, StoredSession } from '../definition/session-store.ts';
import { notePrivateRead } from './private-reads.ts';
import { requestOf, responseOf } from './request-context.ts';
import {
  hasEnded,
  RequestSession,
  type SessionParts,
  type SessionSettings,
  writeSessionCookie,
} from './request-session.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** A shop visited weekly keeps its visitor signed in. */
export const SESSION_IDLE_TIMEOUT_SECONDS = 7 * DAY_SECONDS;
/** A stolen cookie works a month at most (NIST SP 800-63B, AAL1: reauthenticate within 30 days). */
export const SESSION_ABSOLUTE_LIFETIME_SECONDS = 30 * DAY_SECONDS;
/** A read moves `lastSeenAt` at most this often, so reading a session is not a write per request. */
export const SESSION_TOUCH_INTERVAL_SECONDS = 5 * 60;
/** A cookie name as RFC 6265 section 4.1.1 allows it (an HTTP token). */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function secondsOption(name: string, value: number | undefined, fallback: number): number {
  const seconds = value ?? fallback;
  if (!Number.isInteger(seconds) || seconds < 1)
    throw new TypeError(`createSessions(): ${name} must be a whole number of seconds from 1, got ${seconds}`);
  return seconds;
}

function readSettings(options: SessionsOptions<never>): SessionSettings {
  const cookieName = options.cookieName ?? 'session';
  if (!COOKIE_NAME.test(cookieName))
    throw new TypeError(`createSessions(): cookieName ${JSON.stringify(cookieName)} is not an HTTP token`);
  const idle = secondsOption('idleTimeoutSeconds', options.idleTimeoutSeconds, SESSION_IDLE_TIMEOUT_SECONDS);
  const absolute = secondsOption(
    'absoluteLifetimeSeconds',
    options.absoluteLifetimeSeconds,
    SESSION_ABSOLUTE_LIFETIME_SECONDS,
  );
  const touch = secondsOption(
    'touchIntervalSeconds',
    options.touchIntervalSeconds,
    SESSION_TOUCH_INTERVAL_SECONDS,
  );
  if (touch >= idle)
    throw new TypeError('createSessions(): touchIntervalSeconds must be shorter than idleTimeoutSeconds');
  return {
    cookieName,
    idleMs: idle * 1000,
    absoluteMs: absolute * 1000,
    touchMs: touch * 1000,
    now: options.now ?? Date.now,
  };
}

/**
 * The stored session the request's cookie names, when it is live; its `lastSeenAt` moved forward (and the
 * cookie set again) once the touch interval has passed. A cookie we did not sign, or one naming nothing,
 * reads as no session.
 */
async function readStoredSession(parts: SessionParts, request: Request): Promise<StoredSession | undefined> {
  const { store, settings, signal } = parts;
  const key = request.signedCookies?.[settings.cookieName];
  if (typeof key !== 'string' || key === '') return undefined;
  const stored = await store.read(key, signal);
  if (!stored || hasEnded(stored, settings)) return undefined;
  if (settings.now() - stored.lastSeenAt < settings.touchMs) return stored;
  const touched = { ...stored, lastSeenAt: settings.now() };
  const touchedKey = await store.touch(touched, signal);
  if (!parts.response.headersSent) writeSessionCookie(parts, touchedKey, touched);
  return touched;
}

/**
 * An app's sessions: a signed, HttpOnly, SameSite=Lax cookie (Secure when our origin is HTTPS) naming a
 * session in `options.store`, with idle and absolute expiry, rotation at sign-in and revoke-all. `Data` is
 * what the app keeps in it, `Flash` what lasts one read; both JSON. Reading a request's session makes its
 * answer private (it differs per visitor), as reading its cookies does.
 *
 * @example
 * const sessions = createSessions<{ theme: 'light' | 'dark' }, { notice: string }, AppServices>({
 *   store: ({ db }) => databaseSessionStore(db),
 * });
 * const middleware = {
 *   root: (context) => ({ session: sessions.of(context) }),
 * } satisfies MiddlewareOf<typeof routes, AppServices, { root: { session: SessionLookup<…> } }>;
 */
export function createSessions<
  Data extends SessionShape<Data>,
  Flash extends SessionShape<Flash> = Record<never, never>,
  Services = unknown,
>(options: SessionsOptions<Services>): Sessions<Data, Flash, Services> {
  const settings = readSettings(options as SessionsOptions<never>);
  const { store } = options;
  const storeOf = typeof store === 'function' ? store : (): SessionStore => store;
  return {
    storeOf,
    of(context: RequestContext<Services>) {
      let session: Promise<Session<Data, Flash>> | undefined;
      return function sessionOfRequest() {
        session ??= openSession<Data, Flash>(context, storeOf(context.services), settings);
        return session;
      };
    },
  };
}

async function openSession<Data, Flash>(
  context: RequestContext,
  store: SessionStore,
  settings: SessionSettings,
): Promise<Session<Data, Flash>> {
  const response = responseOf(context);
  notePrivateRead(response, 'session');
  const parts: SessionParts = {
    store,
    response,
    setCookie: context.setCookie,
    signal: context.signal,
    settings,
  };
  const stored = await readStoredSession(parts, requestOf(context) as Request);
  return new RequestSession<Data, Flash>(parts, stored);
}
