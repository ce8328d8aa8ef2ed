import { randomBytes } from 'node:crypto';
import {
  type Config,
  type Env,
  LOG_LEVELS,
  type LogLevel,
  SENTRY_SDKS,
  type SentrySdk,
} from '../definition/config.ts';
import { parseDsn } from '../monitoring/sentry-dsn.ts';

/**
 * Thrown for an invalid environment variable; the message names the variable, the value and the rule. At
 * start it stops the process before it listens. `readVariable()` throws it for an app's own variables; an
 * app's `services.checkConfig` throws it for a combination it cannot run with.
 *
 * @example
 * throw new ConfigError('WEB_CONCURRENCY', String(config.webConcurrency), 'workers need DATABASE_URL');
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(variable: string, value: string, rule: string) {
    super(`Invalid ${variable}=${JSON.stringify(value)}: ${rule}`);
  }
}

/**
 * How much a new instance warms itself by default, in requests to itself: V8 optimises the render's hot
 * code by the work it does, which otherwise the first visitors' requests do. Counted in requests, a slower
 * machine gets the same warmth, later. After this many, a new instance's first 5 s of traffic come near 0.9
 * of its steady speed (bench/run/warm-start.mjs measures it); a few seconds of it are taken from readiness.
 */
const WARM_UP_REQUESTS = 3_000;

/**
 * The longest a warm-up goes on, however few requests it has made: readiness stays bounded where pages are
 * slow. The bench's cold start target counts the warm-up's own time (bench/run/cold-start.mjs).
 */
const WARM_UP_MS = 30_000;

/**
 * How often an instance asks its prerendered pages' versions whether they moved: a changed price then
 * leaves the files within this plus the catalogue version's own 5 s fallback, inside the pages' 10 s
 * s-maxage; and an idle instance spends about a point of a core on the checks (bench/run/prerendered.mjs).
 */
const PRERENDER_CHECK_MS = 3_000;

/** Reads and validates the environment. Only the process entry calls this with `process.env`. */
export function loadConfig(env: Env, cpuCount = 1): Readonly<Config> {
  const cookieSecret = readVariable(env, 'COOKIE_SECRET', (value) => {
    if (value.length < 32) throw 'must be at least 32 characters (e.g. `openssl rand -hex 32`)';
    return value;
  });
  return Object.freeze({
    port: readVariable(env, 'PORT', parsePort) ?? 3000,
    host: readVariable(env, 'HOST', (value) => value) ?? '0.0.0.0',
    basePath: readVariable(env, 'BASE_PATH', parseBasePath) ?? '',
    cookieSecret: cookieSecret ?? randomBytes(32).toString('hex'),
    cookieSecretIsRandom: cookieSecret === undefined,
    allowedOrigins: Object.freeze(readVariable(env, 'ALLOWED_ORIGINS', parseOrigins) ?? []),
    publicOrigin: readVariable(env, 'PUBLIC_ORIGIN', parsePublicOrigin),
    trustProxy: readVariable(env, 'TRUST_PROXY', parseTrustProxy) ?? false,
    sentryDsn: readVariable(env, 'SENTRY_DSN', parseSentryDsn),
    sentryEnvironment:
      readVariable(env, 'SENTRY_ENVIRONMENT', (value) => value) ?? env.NODE_ENV ?? 'development',
    sentryRelease: readVariable(env, 'SENTRY_RELEASE', (value) => value),
    sentryTracesSampleRate: readVariable(env, 'SENTRY_TRACES_SAMPLE_RATE', parseRate) ?? 0.1,
    sentrySdk: readVariable(env, 'SENTRY_SDK', parseSentrySdk) ?? 'light',
    webConcurrency: readVariable(env, 'WEB_CONCURRENCY', (value) => parseConcurrency(value, cpuCount)) ?? 1,
    logLevel: readVariable(env, 'LOG_LEVEL', parseLogLevel) ?? 'info',
    enableDebugRoutes: readVariable(env, 'ENABLE_DEBUG_ROUTES', parseFlag) ?? false,
    shutdownTimeoutMs: readVariable(env, 'SHUTDOWN_TIMEOUT_MS', parseMilliseconds) ?? 10_000,
    warmUpMs: readVariable(env, 'WARM_UP_MS', parseMilliseconds) ?? WARM_UP_MS,
    warmUpRequests: readVariable(env, 'WARM_UP_REQUESTS', parseRequestCount) ?? WARM_UP_REQUESTS,
    prerenderedDir: readVariable(env, 'PRERENDERED_DIR', parseAbsolutePath),
    prerenderCheckMs: readVariable(env, 'PRERENDER_CHECK_MS', parseMilliseconds) ?? PRERENDER_CHECK_MS,
  });
}

/**
 * What the process entry logs as warnings at start: defaults that are unsafe where `env` says we run. Reads
 * `env.NODE_ENV` as given (the server bundle fixes `process.env.NODE_ENV` for React at build time).
 */
export function configWarnings(config: Readonly<Config>, env: Env): string[] {
  const warnings: string[] = [];
  if (config.cookieSecretIsRandom) {
    warnings.push(
      'COOKIE_SECRET is not set: using a random key, so signed cookies do not survive a restart or span instances',
    );
  }
  if (env.NODE_ENV === 'production' && config.publicOrigin === undefined) {
    warnings.push(
      "PUBLIC_ORIGIN is not set: absolute URLs (sitemap.xml, robots.txt, data steps' url) take their host from the request's Host or X-Forwarded-Host, which a client can forge; set it to the origin visitors use, e.g. PUBLIC_ORIGIN=https://shop.example.com",
    );
  }
  return warnings;
}

/**
 * Runs `parse` on a set, non-empty variable; a thrown string (the rule) becomes a ConfigError naming the
 * variable, its value and the rule. Undefined when the variable is unset or empty. An app's `readConfig`
 * reads its own variables with it, so a bad value stops the process with the runtime's kind of message.
 *
 * @example
 * function readAppConfig(env: Env): AppConfig {
 *   const pageSize = readVariable(env, 'PAGE_SIZE', (value) => {
 *     if (!/^\d+$/.test(value) || Number(value) < 1) throw 'must be a whole number from 1';
 *     return Number(value);
 *   });
 *   return Object.freeze({ pageSize: pageSize ?? 20 });
 * }
 */
export function readVariable<T>(env: Env, variable: string, parse: (value: string) => T): T | undefined {
  const value = env[variable];
  if (value === undefined || value === '') return undefined;
  try {
    return parse(value);
  } catch (rule) {
    if (typeof rule === 'string') throw new ConfigError(variable, value, rule);
    throw rule;
  }
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw 'must be an integer from 0 to 65535';
  return port;
}

function parseBasePath(value: string): string {
  if (!value.startsWith('/')) throw 'must start with "/" (e.g. /store)';
  if (value.endsWith('/')) throw 'must not end with "/" (e.g. /store); leave it empty to mount at the root';
  if (
    !/^(\/[A-Za-z0-9._~-]+)+$/.test(value) ||
    value.split('/').some((part) => part === '.' || part === '..')
  ) {
    throw 'must be "/"-separated segments of letters, digits, ".", "_", "~" or "-"';
  }
  return value;
}

function parseOrigins(value: string): string[] {
  return value.split(',').map((origin) => {
    const trimmed = origin.trim().toLowerCase();
    if (!/^(https?:\/\/)?[a-z0-9*.-]+(:\d+)?$/.test(trimmed)) {
      throw `each comma-separated entry must be a host or origin such as shop.example.com or https://*.example.com, got "${origin}"`;
    }
    return trimmed;
  });
}

function parsePublicOrigin(value: string): string {
  const url = parseUrl(value, 'must be an origin such as https://shop.example.com');
  if (!/^https?:\/\//i.test(value)) throw 'must start with http:// or https://';
  if (url.username || url.password || value.includes('@')) throw 'must not contain a user name or password';
  if (!/^[a-z0-9_.-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname))
    throw 'must name a host of letters, digits, ".", "_" and "-", or an IP address';
  // What follows the host and port, as written (URL would resolve `/.` or `\` to `/`).
  const rest = value.replace(/^https?:\/\/[^/\\?#]*/i, '');
  if (!/^\/?([?#]|$)/.test(rest)) throw 'must have no path (BASE_PATH is where the app is mounted)';
  if (rest.includes('?')) throw 'must have no query';
  if (rest.includes('#')) throw 'must have no fragment';
  return url.origin;
}

function parseTrustProxy(value: string): boolean | number | string {
  if (/^(1|true|on|yes)$/i.test(value)) return true;
  if (/^(0|false|off|no)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (/^[\w.:/, -]+$/.test(value)) return value;
  throw 'must be on/off, a hop count, or a comma-separated list of addresses/subnets (Express "trust proxy")';
}

function parseSentryDsn(value: string): string {
  if (!parseDsn(value)) throw 'must be a Sentry DSN such as https://<key>@o0.ingest.sentry.io/<project>';
  return value;
}

function parseRate(value: string): number {
  const rate = Number(value);
  if (!/^\d*\.?\d+$/.test(value) || rate > 1) throw 'must be a number from 0 to 1';
  return rate;
}

function parseConcurrency(value: string, cpuCount: number): number {
  if (value === 'auto') return Math.max(1, cpuCount);
  const count = Number(value);
  if (!/^\d+$/.test(value) || count < 1 || count > 256) throw 'must be "auto" or an integer from 1 to 256';
  return count;
}

function parseLogLevel(value: string): LogLevel {
  if (!(LOG_LEVELS as readonly string[]).includes(value)) throw `must be one of ${LOG_LEVELS.join(', ')}`;
  return value as LogLevel;
}

function parseSentrySdk(value: string): SentrySdk {
  if (!(SENTRY_SDKS as readonly string[]).includes(value)) throw `must be one of ${SENTRY_SDKS.join(', ')}`;
  return value as SentrySdk;
}

function parseFlag(value: string): boolean {
  if (/^(1|true|on|yes)$/i.test(value)) return true;
  if (/^(0|false|off|no)$/i.test(value)) return false;
  throw 'must be 1/0, true/false, on/off or yes/no';
}

function parseMilliseconds(value: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms > 600_000) throw 'must be a whole number of milliseconds from 0 to 600000';
  return ms;
}

function parseRequestCount(value: string): number {
  const count = Number(value);
  if (!/^\d+$/.test(value) || count < 1 || count > 1_000_000)
    throw 'must be a whole number of requests from 1 to 1000000';
  return count;
}

function parseAbsolutePath(value: string): string {
  if (!value.startsWith('/')) throw 'must be an absolute path (e.g. /var/lib/shop/prerendered)';
  return value;
}

/** `value` parsed by WHATWG URL; else `rule` is thrown. */
function parseUrl(value: string, rule: string): URL {
  try {
    return new URL(value);
  } catch {
    throw rule;
  }
}
