// The bench's reading of wrk (bench/lib/wrk.mjs): the wrk pair's req/s, p99 and validity come from it.
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hasWrk, parseWrkOutput } from '../../bench/lib/wrk.mjs';

/** wrk 4.1's summaries as it printed them; it pads a time in seconds with one trailing space. */
const SUMMARY = (percentiles: string[], tail: string) =>
  [
    'Running 3s test @ http://127.0.0.1:18452/',
    '  1 threads and 2 connections',
    '  Thread Stats   Avg      Stdev     Max   +/- Stdev',
    '    Latency     1.14s    44.35ms   1.19s   100.00%',
    '  Latency Distribution',
    ...['50', '75', '90', '99'].map((p, index) => `     ${p}%    ${percentiles[index]}`),
    tail,
  ].join('\n');

describe('parseWrkOutput', () => {
  it.each([
    {
      name: 'times in µs and ms',
      text: SUMMARY(
        ['812.00us', '4.02ms', '8.72ms', '70.56ms'],
        '  3223 requests in 2.02s, 705.03KB read\nRequests/sec:   1597.00\n',
      ),
      read: { requests: 3223, requestsPerSecond: 1597, p50: 0.812, p99: 70.56, valid: true },
    },
    {
      name: 'times in seconds, padded with a space',
      text: SUMMARY(
        ['1.18s ', '1.19s ', '1.19s ', '1.20s '],
        '  4 requests in 3.05s, 0.88KB read\nRequests/sec:      1.31\n',
      ),
      read: { requests: 4, requestsPerSecond: 1.31, p50: 1180, p99: 1200, valid: true },
    },
    {
      name: 'timeouts, which wrk leaves out of its latencies',
      text: SUMMARY(
        ['0.00us', '0.00us', '0.00us', '0.00us'],
        '  4 requests in 3.06s\n  Socket errors: connect 0, read 0, write 0, timeout 4\nRequests/sec:      1.31\n',
      ),
      read: { requests: 4, requestsPerSecond: 1.31, p50: 0, p99: 0, valid: false },
    },
    {
      name: 'answers other than 2xx',
      text: SUMMARY(
        ['2.05ms', '6.44ms', '15.03ms', '41.55ms'],
        '  1031 requests in 1.02s\n  Non-2xx or 3xx responses: 1031\nRequests/sec:   1012.57\n',
      ),
      read: { requests: 1031, requestsPerSecond: 1012.57, p50: 2.05, p99: 41.55, valid: false },
    },
  ])('reads $name', ({ text, read }) => {
    const result = parseWrkOutput(text);
    expect({
      requests: result.requests,
      requestsPerSecond: result.requestsPerSecond,
      p50: result.latencyMs.p50,
      p99: result.latencyMs.p99,
      valid: result.valid,
    }).toEqual(read);
  });

  it('refuses output without a summary, naming what wrk printed', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      /Connection refused/,
    );
  });

  it.skipIf(!hasWrk())('counts the requests a real wrk run completed against a local server', async () => {
    let answered = 0;
    const server = http.createServer((_request, response) => {
      answered++;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { stdout } = await promisify(execFile)('wrk', [
        '-t1',
        '-c2',
        '-d1s',
        '--latency',
        `http://127.0.0.1:${port}/`,
      ]);
      const result = parseWrkOutput(stdout);
      expect(result.valid).toBe(true);
      // The server may have answered a request per connection that wrk stopped waiting for.
      expect(result.requests).toBeGreaterThan(answered - 3);
      expect(result.requests).toBeLessThanOrEqual(answered);
      expect(result.latencyMs.p99).toBeGreaterThanOrEqual(result.latencyMs.p50);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
