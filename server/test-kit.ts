// The test kit: the real app with test defaults, helpers for data, forms and redirects (docs/testing.md).
import type { Express } from 'express';
import request from 'supertest';
import { createLocales, type Locales } from '../shared/routing/locale.ts';
import { dataHref } from '../shared/routing/reserved-paths.ts';
import type { AppDefinition } from '../shared/ui/app-definition.ts';
import { ACTION_FIELD } from '../shared/ui/form.tsx';
import type { PageDataLine } from '../shared/ui/page-data.ts';
import { createApp } from './app/create-app.ts';
import { serverPartsWith } from './app/server-parts.ts';
import { startedServices, startServices } from './app/services.ts';
import type { RouteActions } from './definition/action.ts';
import { DEVELOPMENT_BUILD_ID } from './definition/build-output.ts';
import type { Config } from './definition/config.ts';
import type { DataSteps } from './definition/data-step.ts';
import type { ServerInstrumentation } from './definition/instrumentation.ts';
import type { Logger } from './definition/logger.ts';
import type { Middlewares } from './definition/middleware.ts';
import type { ResourceHandlers } from './definition/resource.ts';
import type { AnyServerApp, ServerAppDefinition } from './definition/server-app-definition.ts';
import { captureRequestErrors, type Monitoring, type RequestFacts } from './monitoring/monitoring.ts';
import { loadConfig } from './process/config.ts';
import { signedCookieHeader } from './signed-cookie-header.ts';

export { createRouterDriver } from './router-driver.ts';

/** What a test replaces: env values, services, and middleware, data steps, actions or resources by id. */
export interface TestOverrides<Services = unknown> {
  /** Env values over the test defaults (a fixed COOKIE_SECRET, production mode); the app's `readConfig` reads them too. */
  env?: Record<string, string>;
  middleware?: Middlewares<Services>;
  dataSteps?: DataSteps;
  /** Replaces the named routes' actions. */
  actions?: RouteActions<Services>;
  resources?: ResourceHandlers<Services>;
  renderTimeoutMs?: number;
  /** Instrumentations after the app's own (an observer a test reads). */
  instrumentations?: readonly ServerInstrumentation[];
  /**
   * The services the app's steps, actions and resources get, already started (a test database, a fake).
   * Without it, the app's own `services.start()` runs with the test config, and pages wait for it.
   */
  services?: Services;
}

/** One line the app logged (`TestApp.logs`): its level, message and structured details. */
export interface LogEntry {
  level: 'error' | 'warn' | 'info';
  message: string;
  details: Record<string, unknown>;
}

/** An unexpected error monitoring was sent (`TestApp.reported`), with its route (`GET /products/:id`). */
export interface ReportedError {
  error: unknown;
  routePattern?: string;
}

/** The app under test (`createTestApp()`): the Express app, what it logged and reported, request helpers. */
export interface TestApp {
  /** The Express app, for supertest: `request(app.server).get('/')`. */
  server: Express;
  /** What the app logged, in order: nothing is printed. */
  logs: LogEntry[];
  /** What monitoring was sent: each unexpected error with its route pattern. */
  reported: ReportedError[];
  /** GETs a page's data answer (a client navigation's request) and parses its lines. */
  data(path: string, options?: { keep?: readonly string[]; cookie?: string }): Promise<DataAnswer>;
  /** Posts a form's fields to a page's action, as a browser without JavaScript or as the client router. */
  submit(
    path: string,
    action: string,
    fields?: Record<string, string>,
    options?: SubmitOptions,
  ): Promise<Submitted>;
  /** GETs `path` and follows redirects within the app (at most 10); `redirects` lists each hop. */
  follow(path: string, options?: { cookie?: string }): Promise<Followed>;
  /**
   * A `Cookie` header value with these cookies signed with the test app's COOKIE_SECRET, as `setCookie(…,
   * { signed: true })` signs them (`app.follow('/account', { cookie: app.signedCookieHeader({ a: '1' }) })`).
   */
  signedCookieHeader(cookies: Readonly<Record<string, string>>): string;
  /** Resolves once the app's services have started (an embedded database opened and migrated). */
  started(): Promise<void>;
  /** Stops the app's services (those its own `services.start()` opened); call it after the tests. */
  stop(): Promise<void>;
}

/** A page's data answer (`TestApp.data()`), as a client navigation reads it: status, lines, deferred. */
export interface DataAnswer {
  status: number;
  /** The first line: the page, a redirect, an error, an action's invalid input. */
  first: PageDataLine;
  /** Each deferred value by its key (`product:related`), as it settled. */
  deferred: Map<string, { ok: boolean; value: unknown }>;
}

/** How `TestApp.submit()` posts: as the client router (`javascript: true`) or a plain form, with a cookie. */
export interface SubmitOptions {
  /** `true`: the client router's post (to the data URL, answered as JSON lines). Default: a plain post. */
  javascript?: boolean;
  cookie?: string;
}

/** How a form post ended (`TestApp.submit()`): status, redirect, cookies set, and the answer's body. */
export interface Submitted {
  status: number;
  /** A plain post's `Location`, or a JavaScript post's redirect line. */
  location?: string;
  /** Cookies the action set (`name=value` pairs). */
  cookies: string[];
  /** A JavaScript post's answer; the HTML of a plain post that was not redirected. */
  first?: PageDataLine;
  html?: string;
}

/** Where `TestApp.follow()` ended: the last answer's status and body, and each redirect on the way. */
export interface Followed {
  status: number;
  text: string;
  redirects: { status: number; location: string }[];
}

/**
 * The real `createApp()` for an app and its server definition, with test defaults: no client build (pages
 * render without scripts), logs and monitoring captured in memory, and data steps, actions and resource
 * handlers replaceable per test. It never listens; without `overrides.services` it starts the app's own
 * services with the test config (`await app.started()`, and `await app.stop()` after the tests).
 *
 * @example
 * const app = createTestApp({ app, server: serverApp }, { env: { DATA_DIR: dataDir } });
 * await request(app.server).get('/notes').expect(200, /First note/);
 * expect(await app.submit('/notes', 'add-note', { text: 'Hi' })).toMatchObject({ status: 303 });
 */
export function createTestApp<Services, AppConfig>(
  app: { app: AppDefinition; server: ServerAppDefinition<Services, AppConfig> },
  overrides: TestOverrides<Services> = {},
): TestApp {
  const logs: LogEntry[] = [];
  const reported: ReportedError[] = [];
  const env = {
    COOKIE_SECRET: 'test-kit-cookie-secret-of-enough-length',
    NODE_ENV: 'production',
    ...overrides.env,
  };
  const config: Readonly<Config> = loadConfig(env);
  const services = overrides.services
    ? startedServices(overrides.services)
    : startServices(app.server.services as AnyServerApp['services'], {
        config,
        appConfig: app.server.readConfig?.(env),
        logger: memoryLogger(logs),
      });
  const server = createApp({
    config,
    app: app.app,
    ...serverPartsWith(app.server, overrides),
    logger: memoryLogger(logs),
    monitoring: memoryMonitoring(reported),
    renderTimeoutMs: overrides.renderTimeoutMs,
    instrumentations: [...(app.server.instrumentations ?? []), ...(overrides.instrumentations ?? [])],
    services,
  });
  const locales = createLocales(app.app.locales);
  const dataUrl = (url: string) => dataUrlOf(url, config.basePath, locales);

  return {
    server,
    logs,
    reported,
    async data(path, options = {}) {
      const call = request(server).get(dataUrl(path));
      if (options.keep) call.set('X-Keep-Segments', options.keep.join(','));
      if (options.cookie) call.set('Cookie', options.cookie);
      const response = await call;
      return { status: response.status, ...readDataLines(response.text) };
    },
    submit: (path, action, fields = {}, options = {}) =>
      submitForm(
        server,
        options.javascript ? dataUrl(path) : path,
        { [ACTION_FIELD]: action, ...fields },
        options,
      ),
    follow: (path, options = {}) => followRedirects(server, path, options),
    signedCookieHeader: (cookies) => signedCookieHeader(cookies, config.cookieSecret),
    started: () => services.started.then(() => {}),
    stop: () => services.stop(),
  };
}
/** Posts a form as a browser on the app's origin would; with `javascript`, to the page's data URL. */
async function submitForm(
  server: Express,
  target: string,
  fields: Record<string, string>,
  options: SubmitOptions = {},
): Promise<Submitted> {
  const call = request(server)
    .post(target)
    .type('form')
    .set('Origin', 'http://127.0.0.1')
    .set('Host', '127.0.0.1')
    .send(fields);
  if (options.cookie) call.set('Cookie', options.cookie);
  const response = await call;
  const cookies = ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .map((cookie) => cookie.split(';')[0] as string);
  if (options.javascript) {
    const { first } = readDataLines(response.text);
    const location = first.type === 'redirect' ? first.location : undefined;
    return { status: response.status, first, location, cookies };
  }
  const location = response.headers.location as string | undefined;
  return location
    ? { status: response.status, location, cookies }
    : { status: response.status, html: response.text, cookies };
}

/** GETs `path`, following redirects within the app (at most 10); stops at the first answer that is not one. */
async function followRedirects(
  server: Express,
  path: string,
  options: { cookie?: string },
): Promise<Followed> {
  const redirects: Followed['redirects'] = [];
  let target = path;
  for (let hop = 0; hop <= 10; hop += 1) {
    const call = request(server).get(target);
    if (options.cookie) call.set('Cookie', options.cookie);
    const response = await call;
    const location = response.headers.location as string | undefined;
    if (response.status < 300 || response.status >= 400 || !location) {
      return { status: response.status, text: response.text, redirects };
    }
    redirects.push({ status: response.status, location });
    const next = new URL(location, 'http://127.0.0.1');
    if (next.host !== '127.0.0.1') return { status: response.status, text: response.text, redirects };
    target = `${next.pathname}${next.search}`;
  }
  throw new Error(
    `follow(${path}): more than 10 redirects: ${redirects.map((hop) => hop.location).join(' -> ')}`,
  );
}

/** The data endpoint URL of a page URL (base path and locale prefix included, as a browser would have it). */
function dataUrlOf(url: string, basePath: string, locales: Locales): string {
  const queryStart = url.includes('?') ? url.indexOf('?') : url.length;
  const [pathname, search] = [url.slice(0, queryStart), url.slice(queryStart)];
  const target = locales.parseAppPath(pathname, basePath);
  if (target?.type !== 'page') {
    throw new Error(
      `data(${url}): not a page URL of this app (outside BASE_PATH "${basePath}", or one that redirects)`,
    );
  }
  return dataHref(basePath, DEVELOPMENT_BUILD_ID, locales.prefixOf(target.locale), `${target.path}${search}`);
}

/** The lines of a data answer's body (JSON lines): the first, then each deferred value by key. */
export function readDataLines(text: string): Omit<DataAnswer, 'status'> {
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as PageDataLine);
  const [first, ...rest] = lines;
  if (!first) throw new Error('The data answer has no lines');
  const deferred = new Map<string, { ok: boolean; value: unknown }>();
  for (const line of rest) {
    if (line.type === 'deferred') deferred.set(line.key, { ok: line.ok === 1, value: line.value });
  }
  return { first, deferred };
}

function memoryLogger(logs: LogEntry[]): Logger {
  const record = (level: LogEntry['level']) => (details: object, message: string) => {
    logs.push({ level, message, details: details as Record<string, unknown> });
  };
  return { error: record('error'), warn: record('warn'), info: record('info') };
}

function memoryMonitoring(reported: ReportedError[]): Monitoring {
  let routePattern: string | undefined;
  const captureException = (error: unknown, facts: RequestFacts) => {
    reported.push({ error, routePattern: facts.routePattern ?? routePattern });
    return `test-event-${reported.length}`;
  };
  return {
    traceRequest: (_request, _response, answer) => answer(),
    instrumentation: { onRequestError: captureRequestErrors(captureException) },
    captureException,
    nameTransaction(name) {
      routePattern = name;
    },
    traceMeta: () => undefined,
    untraced: (work) => work(),
    flush: async () => true,
  };
}
