/** Dev mode (`node build.mjs --dev`) on a copy of tests/fixtures/dev-app (dev-session.mjs). */
export interface DevSession {
  /** The copy of the app, under node_modules/.cache/. */
  dir: string;
  /** The dev proxy's origin. */
  origin: string;
  output(): string;
  /** How many times a server has become ready so far. */
  restarts(): number;
  /** Resolves once more than `count` servers have become ready. */
  restartedAfter(count: number, timeoutMs?: number): Promise<void>;
  /** Replaces `from` by `to` in the copy's `file`; resolves with the time of the write (Date.now()). */
  edit(file: string, from: string, to: string): Promise<number>;
  stop(): Promise<void>;
}

export function startDevSession(): Promise<DevSession>;
