import request from 'supertest';
import { DEVELOPMENT_BUILD_ID } from '../../server/definition/build-output.ts';
import { createTestApp, type TestOverrides } from '../../server/test-kit.ts';
import { dataHref } from '../../shared/routing/reserved-paths.ts';
import { onionApp } from '../fixtures/onion-app/routes.tsx';
import onionServer, { type OnionServices } from '../fixtures/onion-app/server-app.ts';

/** The onion fixture app under the test kit, with each request's steps (`calls`) and its clock. */
export function onionTestApp(overrides: Omit<TestOverrides<OnionServices>, 'services'> = {}) {
  const services: OnionServices = { calls: [], clock: { now: 1000 } };
  const app = createTestApp({ app: onionApp, server: onionServer }, { ...overrides, services });
  const server = app.server;
  return {
    app,
    calls: services.calls,
    page: (path: string) => request(server).get(path),
    data: (path: string) => request(server).get(dataHref('', DEVELOPMENT_BUILD_ID, '', path)),
    /** A plain form post, or with `javascript` the client router's post to the data URL. */
    post(path: string, action: string, javascript = false) {
      const target = javascript ? dataHref('', DEVELOPMENT_BUILD_ID, '', path) : path;
      return request(server)
        .post(target)
        .type('form')
        .set('Origin', 'http://127.0.0.1')
        .set('Host', '127.0.0.1')
        .send({ _action: action });
    },
  };
}
