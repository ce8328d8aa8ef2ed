import type { Response } from 'express';
import type { Session } from '../definition/session.ts';
import {
  newSessionId,
  type SessionStore,
  type SessionValue,
  type StoredSession,
} from '../definition/session-store.ts';
import { dropSetCookie, type SetCookie } from './set-cookie.ts';

/** An app's session settings, in milliseconds: read once by createSessions. */
export interface SessionSettings {
  cookieName: string;
  idleMs: number;
  absoluteMs: number;
  touchMs: number;
  now: () => number;
}

/** What one request's session works with. */
export interface SessionParts {
  store: SessionStore;
  response: Response;
  setCookie: SetCookie;
  signal: AbortSignal;
  settings: SessionSettings;
}

/** A session changed once the answer's headers had gone out: its cookie could not be set. */
export class SessionChangedTooLateError extends Error {
  override readonly name = 'SessionChangedTooLateError';
}

/** Whether the session ended: idle too long, or past its absolute lifetime. */
export function hasEnded(session: StoredSession, { idleMs, absoluteMs, now }: SessionSettings): boolean {
  const at = now();
  return at - session.lastSeenAt >= idleMs || at - session.createdAt >= absoluteMs;
}

/**
 * Sets the session cookie to `key` (replacing one set earlier in the request): signed with COOKIE_SECRET,
 * HttpOnly (no script reads it), SameSite=Lax (no cross-site post carries it; a link from elsewhere still
 * arrives signed in), for what is left of the session's absolute lifetime. Path (BASE_PATH) and Secure (our
 * origin is HTTPS) are the runtime's setCookie's.
 */
export function writeSessionCookie(parts: SessionParts, key: string, session: StoredSession): void {
  const { cookieName, absoluteMs, now } = parts.settings;
  dropSetCookie(parts.response, cookieName);
  // Whole seconds, rounded up: the write before took a moment, and Max-Age counts seconds.
  const maxAge = Math.ceil((session.createdAt + absoluteMs - now()) / 1000) * 1000;
  parts.setCookie(cookieName, key, { signed: true, httpOnly: true, sameSite: 'lax', maxAge });
}

function clearSessionCookie(parts: SessionParts): void {
  const { cookieName } = parts.settings;
  dropSetCookie(parts.response, cookieName);
  parts.setCookie(cookieName, '', { httpOnly: true, sameSite: 'lax', maxAge: 0 });
}

/** The session of one request (Session): every change goes to the store at once, and to the cookie. */
export class RequestSession<Data, Flash> implements Session<Data, Flash> {
  readonly #parts: SessionParts;
  #stored: StoredSession | undefined;

  constructor(parts: SessionParts, stored: StoredSession | undefined) {
    this.#parts = parts;
    this.#stored = stored;
  }

  get userId(): string | undefined {
    return this.#stored?.userId;
  }

  get<Key extends keyof Data>(key: Key): Data[Key] | undefined {
    return this.#stored?.data[key as string] as Data[Key] | undefined;
  }

  async set(values: { [Key in keyof Data]?: Data[Key] | undefined }): Promise<void> {
    const current = this.#current();
    const data: Record<string, SessionValue> = { ...current.data };
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete data[key];
      else data[key] = value as SessionValue;
    }
    await this.#save({ ...current, data });
  }

  async flash<Key extends keyof Flash>(key: Key, value: Flash[Key]): Promise<void> {
    const current = this.#current();
    await this.#save({ ...current, flash: { ...current.flash, [key]: value as SessionValue } });
  }

  async takeFlash<Key extends keyof Flash>(key: Key): Promise<Flash[Key] | undefined> {
    const stored = this.#stored;
    if (!stored || !Object.hasOwn(stored.flash, key)) return undefined;
    const { [key as string]: value, ...rest } = stored.flash;
    await this.#save({ ...stored, flash: rest });
    return value as Flash[Key];
  }

  async signIn(userId: string): Promise<void> {
    this.#assertWritable();
    const { store, signal, settings } = this.#parts;
    const now = settings.now();
    await store.sweep(
      { lastSeenBefore: now - settings.idleMs, createdBefore: now - settings.absoluteMs },
      signal,
    );
    const { data = {}, flash = {} } = this.#stored ?? {};
    await this.#replace({ id: newSessionId(), userId, data, flash, createdAt: now, lastSeenAt: now });
  }

  async rotate(): Promise<void> {
    const stored = this.#stored;
    if (stored)
      await this.#replace({ ...stored, id: newSessionId(), lastSeenAt: this.#parts.settings.now() });
  }

  async signOut(): Promise<void> {
    this.#assertWritable();
    const stored = this.#stored;
    if (stored) await this.#parts.store.remove(stored, this.#parts.signal);
    this.#stored = undefined;
    clearSessionCookie(this.#parts);
  }

  async signOutEverywhere(): Promise<void> {
    this.#assertWritable();
    const { store, signal, settings } = this.#parts;
    const userId = this.#stored?.userId;
    if (userId !== undefined) await store.revokeUser(userId, settings.now(), signal);
    await this.signOut();
  }

  /** The session to change: the stored one, or a new empty one (saved by the change). */
  #current(): StoredSession {
    const now = this.#parts.settings.now();
    return (
      this.#stored ?? {
        id: newSessionId(),
        userId: undefined,
        data: {},
        flash: {},
        createdAt: now,
        lastSeenAt: now,
      }
    );
  }

  /** Ends the stored session and saves `next` under its new id. */
  async #replace(next: StoredSession): Promise<void> {
    this.#assertWritable();
    if (this.#stored) await this.#parts.store.remove(this.#stored, this.#parts.signal);
    this.#stored = undefined;
    await this.#save(next);
  }

  async #save(next: StoredSession): Promise<void> {
    this.#assertWritable();
    const key = await this.#parts.store.write(next, this.#parts.signal);
    this.#stored = next;
    writeSessionCookie(this.#parts, key, next);
  }

  #assertWritable(): void {
    if (this.#parts.response.headersSent)
      throw new SessionChangedTooLateError(
        'The session changed after the answer’s headers went out, so its cookie cannot be set: change it in ' +
          'a middleware, an action or a data step before it returns (not in a deferred value)',
      );
  }
}
