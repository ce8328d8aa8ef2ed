/**
 * The server's whole configuration, read once from the environment at start and frozen: each field's
 * variable and default is written beside it. An app reads it in `services.checkConfig` and
 * `services.start`; its own variables go in its `readConfig`.
 */
export interface Config {
  /** default 3000 */
  port: number;
  /** default 0.0.0.0 */
  host: string;
  /** default '' (mounted at the root); e.g. `/store` */
  basePath: string;
  /** default: random per process, with a warning (carts then do not survive restarts or span instances) */
  cookieSecret: string;
  cookieSecretIsRandom: boolean;
  /** default []; `*` matches one host label, `**` several */
  allowedOrigins: readonly string[];
  /**
   * default undefined = the request's own (Host, or X-Forwarded-Host with TRUST_PROXY); else the origin every
   * absolute URL we write starts with (`https://shop.example.com`), normalised: lower-case host, no default port
   */
  publicOrigin: string | undefined;
  /** default false; passed to Express `trust proxy` */
  trustProxy: boolean | number | string;
  /** default undefined = Sentry off */
  sentryDsn: string | undefined;
  /** default NODE_ENV or 'development' */
  sentryEnvironment: string;
  /** default undefined = the build id */
  sentryRelease: string | undefined;
  /** default 0.1 */
  sentryTracesSampleRate: number;
  /** default 'light' (Sentry's lightweight mode); 'full': @sentry/node with OpenTelemetry's automatic spans */
  sentrySdk: SentrySdk;
  /** default 1 */
  webConcurrency: number;
  /** default 'info' */
  logLevel: LogLevel;
  /** default false */
  enableDebugRoutes: boolean;
  /** default 10000: how long in-flight requests may take to finish on shutdown */
  shutdownTimeoutMs: number;
  /** default 30000: the longest a new instance renders its pages in process before /readyz says 200; 0: off */
  warmUpMs: number;
  /** default 3000: the warm-up ends once it has made this many requests (WARM_UP_REQUESTS) */
  warmUpRequests: number;
  /**
   * default undefined = the build's `dist/prerendered`: the folder the instance serves its prerendered pages
   * from and regenerates them in (nginx's root for them); it must be writable by the instance
   */
  prerenderedDir: string | undefined;
  /** default 3000: how often the instance checks its prerendered pages' versions (PRERENDER_CHECK_MS); 0: never */
  prerenderCheckMs: number;
}

export const SENTRY_SDKS = ['light', 'full'] as const;
export type SentrySdk = (typeof SENTRY_SDKS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The environment as the process has it (`process.env`), or as a test gives it
 * (`createTestApp(…, { env })`): what an app's `readConfig` reads.
 */
export type Env = Readonly<Record<string, string | undefined>>;
