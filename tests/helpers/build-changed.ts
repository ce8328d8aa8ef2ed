/**
 * What an instance of a newer build answers a data request of an older page (`route.fulfill()` options):
 * 409 and one `build-changed` line, as during a rolling release.
 */
export const BUILD_CHANGED_ANSWER = {
  status: 409,
  contentType: 'application/x-ndjson; charset=utf-8',
  body: '{"type":"build-changed","buildId":"newer000000"}\n',
};
