// Time to first byte, shell and last byte of the product page, server by server, interleaved. The product page
// is a shared one: its copy is complete (every Suspense boundary in place) before its first byte leaves.
import http from 'node:http';
import { BROWSER_UA, median, PRODUCT_PATH, sleep } from '../lib.mjs';
import { DEFER_MS, SETTINGS } from './settings.mjs';

const round2 = (value) => Math.round(value * 100) / 100;

/** One request over a kept-alive socket: first body byte, end of the shell (bootstrap script), last byte. */
function timeRequest(agent, url) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let firstByte = null;
    let shellDone = null;
    let body = '';

    const request = http.get(url, { agent, headers: { 'user-agent': BROWSER_UA } }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        const now = performance.now();
        firstByte ??= now - t0;
        body += chunk;
        // React 19 holds `</body></html>` back until every boundary is done: the shell ends with the
        // bootstrap module script.
        if (shellDone === null && body.includes('<script type="module"')) {
          shellDone = now - t0;
        }
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          firstByteMs: firstByte,
          shellMs: shellDone,
          lastByteMs: performance.now() - t0,
          completeInPlace: !body.includes('<!--$?-->') && !body.includes('product-grid--skeleton'),
        }),
      );
      response.on('error', reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

export async function measureTtfb(servers) {
  const variants = {
    ours: servers.ours,
    oursSentry: servers.oursSentry,
    baseline: servers.baseline,
  };
  const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  const agents = Object.fromEntries(
    Object.keys(variants).map((name) => [name, new http.Agent({ keepAlive: true, maxSockets: 1 })]),
  );
  await sleep(500);
  // One warm-up request each, then rounds interleaving the variants.
  for (let round = 0; round <= SETTINGS.ttfbRequests; round++) {
    for (const [name, server] of Object.entries(variants)) {
      const sample = await timeRequest(agents[name], `${server.origin}${PRODUCT_PATH}`);
      if (round > 0) samples[name].push(sample);
    }
  }
  for (const agent of Object.values(agents)) agent.destroy();
  return Object.fromEntries(
    Object.entries(samples).map(([name, list]) => [
      name,
      {
        deferMs: DEFER_MS,
        requests: list.length,
        firstByteMs: round2(median(list.map((sample) => sample.firstByteMs))),
        shellMs: round2(median(list.map((sample) => sample.shellMs))),
        lastByteMs: round2(median(list.map((sample) => sample.lastByteMs))),
        completeInPlace: list.every((sample) => sample.status === 200 && sample.completeInPlace),
      },
    ]),
  );
}
