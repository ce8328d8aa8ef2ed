import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from '../../server/process/config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults and freezes the result', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      basePath: '',
      cookieSecretIsRandom: true,
      allowedOrigins: [],
      publicOrigin: undefined,
      trustProxy: false,
      sentryDsn: undefined,
      sentryEnvironment: 'development',
      sentryTracesSampleRate: 0.1,
      webConcurrency: 1,
      logLevel: 'info',
      enableDebugRoutes: false,
      warmUpMs: 30_000,
      warmUpRequests: 3_000,
    });
    expect(config.cookieSecret).toHaveLength(64);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        BASE_PATH: '/store',
        COOKIE_SECRET: 'x'.repeat(32),
        ALLOWED_ORIGINS: 'shop.example.com, https://*.example.org',
        PUBLIC_ORIGIN: 'https://shop.example.com',
        TRUST_PROXY: '1',
        SENTRY_DSN: 'http://key@127.0.0.1:9000/42',
        SENTRY_ENVIRONMENT: 'staging',
        SENTRY_RELEASE: 'r1',
        SENTRY_TRACES_SAMPLE_RATE: '0.5',
        WEB_CONCURRENCY: 'auto',
        LOG_LEVEL: 'debug',
        ENABLE_DEBUG_ROUTES: '1',
        WARM_UP_MS: '5000',
        WARM_UP_REQUESTS: '300',
        NODE_ENV: 'production',
      },
      4,
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      basePath: '/store',
      cookieSecretIsRandom: false,
      allowedOrigins: ['shop.example.com', 'https://*.example.org'],
      publicOrigin: 'https://shop.example.com',
      trustProxy: true,
      sentryDsn: 'http://key@127.0.0.1:9000/42',
      sentryEnvironment: 'staging',
      sentryRelease: 'r1',
      sentryTracesSampleRate: 0.5,
      webConcurrency: 4,
      logLevel: 'debug',
      enableDebugRoutes: true,
      warmUpMs: 5_000,
      warmUpRequests: 300,
    });
  });

  it.each([
    ['PORT', 'abc', /Invalid PORT="abc": must be an integer from 0 to 65535/],
    ['PORT', '70000', /Invalid PORT="70000"/],
    ['BASE_PATH', 'store/', /Invalid BASE_PATH="store\/": must start with "\/"/],
    ['BASE_PATH', '/store/', /Invalid BASE_PATH="\/store\/": must not end with "\/"/],
    ['BASE_PATH', '/st ore', /Invalid BASE_PATH/],
    ['BASE_PATH', '/a/../b', /Invalid BASE_PATH/],
    ['COOKIE_SECRET', 'short', /Invalid COOKIE_SECRET="short": must be at least 32 characters/],
    ['ALLOWED_ORIGINS', 'not a host', /Invalid ALLOWED_ORIGINS/],
    ['SENTRY_DSN', 'nope', /Invalid SENTRY_DSN="nope": must be a Sentry DSN/],
    ['SENTRY_TRACES_SAMPLE_RATE', '2', /Invalid SENTRY_TRACES_SAMPLE_RATE="2": must be a number from 0 to 1/],
    ['WEB_CONCURRENCY', '0', /Invalid WEB_CONCURRENCY="0"/],
    ['LOG_LEVEL', 'loud', /Invalid LOG_LEVEL="loud": must be one of/],
    ['ENABLE_DEBUG_ROUTES', 'maybe', /Invalid ENABLE_DEBUG_ROUTES="maybe"/],
    ['WARM_UP_REQUESTS', '0', /Invalid WARM_UP_REQUESTS="0": must be a whole number of requests from 1/],
    ['WARM_UP_REQUESTS', '1.5e3', /Invalid WARM_UP_REQUESTS="1.5e3"/],
    [
      'PUBLIC_ORIGIN',
      'shop.example.com',
      /Invalid PUBLIC_ORIGIN="shop.example.com": must be an origin such as/,
    ],
    ['PUBLIC_ORIGIN', 'ftp://shop.example.com', /must start with http:\/\/ or https:\/\//],
    ['PUBLIC_ORIGIN', 'https:shop.example.com', /must start with http:\/\/ or https:\/\//],
    ['PUBLIC_ORIGIN', 'https://admin:pw@shop.example.com', /must not contain a user name or password/],
    ['PUBLIC_ORIGIN', 'https://@shop.example.com', /must not contain a user name or password/],
    ['PUBLIC_ORIGIN', 'https://*.example.com', /must name a host of letters, digits/],
    ['PUBLIC_ORIGIN', 'https://shop.example.com:99999', /must be an origin such as/],
    ['PUBLIC_ORIGIN', 'https://shop.example.com/store', /must have no path \(BASE_PATH/],
    ['PUBLIC_ORIGIN', 'https://shop.example.com//', /must have no path/],
    ['PUBLIC_ORIGIN', 'https://shop.example.com/.', /must have no path/],
    ['PUBLIC_ORIGIN', 'https://shop.example.com?lang=en', /must have no query/],
    ['PUBLIC_ORIGIN', 'https://shop.example.com/?', /must have no query/],
    ['PUBLIC_ORIGIN', 'https://shop.example.com#top', /must have no fragment/],
  ])('rejects %s=%s with a message naming the variable, value and rule', (variable, value, message) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(message);
  });

  it.each([
    ['https://shop.example.com', 'https://shop.example.com'],
    ['https://shop.example.com/', 'https://shop.example.com'],
    ['HTTPS://Shop.Example.COM', 'https://shop.example.com'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['http://shop.example.com:80', 'http://shop.example.com'],
    ['http://shop.example.com:8080', 'http://shop.example.com:8080'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('stores PUBLIC_ORIGIN=%s as the origin %s', (value, origin) => {
    expect(loadConfig({ PUBLIC_ORIGIN: value }).publicOrigin).toBe(origin);
  });
});

describe('configWarnings', () => {
  it('asks for PUBLIC_ORIGIN when NODE_ENV=production, and only then', () => {
    const env = { COOKIE_SECRET: 'x'.repeat(32) };
    const production = { ...env, NODE_ENV: 'production' };
    expect(configWarnings(loadConfig(production), production)).toEqual([
      expect.stringMatching(/^PUBLIC_ORIGIN is not set: .* set it to the origin visitors use/),
    ]);
    const withOrigin = { ...production, PUBLIC_ORIGIN: 'https://shop.example.com' };
    expect(configWarnings(loadConfig(withOrigin), withOrigin)).toEqual([]);
    expect(configWarnings(loadConfig(env), env)).toEqual([]);
  });

  it('says when COOKIE_SECRET is random', () => {
    expect(configWarnings(loadConfig({}), {})).toEqual([expect.stringMatching(/^COOKIE_SECRET is not set/)]);
  });
});
