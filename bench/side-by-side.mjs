// A/B of two servers loaded at the same time: both pinned to core 0, each loaded by its own autocannon on
// core 1, round after round. Each round gives both servers' CPU time per request under the same conditions
// (same moment, same core, same load), so the shared machine's drift, which moves sequential rounds by
// ±10%, cancels in their ratio. This is how the server's performance changes were chosen; `npm run bench`
// stays the reference for the targets. The side started first reads dearer: a build against itself gave
// x0.953 (light page) and x0.96 (`/shop`) on 2026-11-29. Run both orders and take the geometric mean of the
// two ratios.
// Usage: node bench/side-by-side.mjs [--a ours] [--b baseline] [--rounds 8] [--seconds 8]
//          [--connections 200] [--path /products/chef-knife-20cm] [--product-like]
// A side is `ours` or `baseline` (both from bench/results/dist, built when missing), or a directory holding
// another build of ours (build.mjs's `build({ outdir })`, under this repository so node_modules resolves).
// The light pair's sides (`--path /products`): `light` (bench/results/light-dist as `npm run bench` serves
// it), `bare`, `express` (the bare renderer inside a plain Express 5 app, bench/light/express-server.tsx;
// `express-classes`: with request and response classes of the app's prototypes, as our server makes), or a
// directory of another light build. A `+sentry` suffix runs that side with Sentry on at
// its default rate 0.1, against a local capture endpoint (`+sentry-full`: the full SDK, SENTRY_SDK=full;
// `+sentry:0.5`: another rate).
// The wrk pair's product-like page (`--product-like`, path /products/sku-001): `ours` (bench/results/
// product-like-dist, as `npm start` runs it at LOG_LEVEL=info), `bare` (its bare renderer), or a directory of
// another product-like build (build.mjs's `build({ outdir, app })` with bench/product-like/'s app).
// A `#` suffix replaces a build's node flags (`npm start`'s by default) with a comma-separated list:
// `light#--enable-source-maps,--max-semi-space-size=32`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  BASELINE_BUNDLE,
  buildBaseline,
  buildLightPair,
  buildProductLikePair,
  cliOption,
  EXPRESS_SERVER_BUNDLE,
  LIGHT_BARE,
  LIGHT_DIST,
  LIGHT_PATH,
  median,
  PRODUCT_LIKE_DIST,
  PRODUCT_LIKE_PATH,
  PRODUCT_PATH,
  pinning,
  runMain,
  SHOP_PATH,
  SNAPSHOT_DIR,
  snapshotBuild,
  startSentryCapture,
  startServer,
} from './lib.mjs';
import { loadTogether } from './run/concurrent-pair.mjs';
import { lightServerOptions } from './run/light.mjs';
import { SETTINGS } from './run/settings.mjs';
import { WRK_PAGES } from './run/wrk-pages.mjs';

const isProductLike = process.argv.includes('--product-like');
const sides = [cliOption('--a', 'ours'), cliOption('--b', isProductLike ? 'bare' : 'baseline')];
const rounds = Number(cliOption('--rounds', '8'));
const seconds = Number(cliOption('--seconds', '8'));
const connections = Number(cliOption('--connections', '200'));
const urlPath = cliOption('--path', isProductLike ? PRODUCT_LIKE_PATH : PRODUCT_PATH);
const isLightPair = urlPath === LIGHT_PATH;

const pin = pinning();

let capture;

/** Where a named side's build is: the pair's own build, or the directory it names. */
function distDirOf(name) {
  if (name === 'light') return LIGHT_DIST;
  if (isProductLike && name === 'ours') return PRODUCT_LIKE_DIST;
  return path.resolve(name);
}

async function startSide(side) {
  if (side === 'express' || side === 'express-classes') {
    const env = { EXPRESS_CLASSES: side === 'express-classes' ? '1' : '0' };
    return startServer('bare', { pin, env, bare: { ...LIGHT_BARE, server: EXPRESS_SERVER_BUNDLE } });
  }
  if (isProductLike && side === 'bare') return startServer('bare', { pin, bare: WRK_PAGES.productLike.bare });
  if (side === 'baseline' || side === 'bare' || (side === 'ours' && !isProductLike))
    return startServer(side, { pin });
  const [build, flags] = side.split('#');
  const [name, sentryAndRate] = build.split('+');
  const [sentry, rate = '0.1'] = (sentryAndRate ?? '').split(':');
  const distDir = distDirOf(name);
  if (!existsSync(path.join(distDir, 'server', 'index.mjs'))) throw new Error(`${side}: no server build`);
  const options = isLightPair || isProductLike ? { ...lightServerOptions(), distDir } : { distDir, env: {} };
  if (flags !== undefined) options.nodeArgs = flags.split(',').filter(Boolean);
  if (!sentry) return startServer('ours', { pin, ...options });
  capture ??= await startSentryCapture();
  return startServer('ours', {
    pin,
    ...options,
    sentryDsn: capture.dsn,
    env: {
      ...options.env,
      SENTRY_TRACES_SAMPLE_RATE: rate,
      SENTRY_SDK: sentry === 'sentry-full' ? 'full' : 'light',
    },
  });
}

async function main() {
  const ofPair = isLightPair || isProductLike;
  if (!ofPair && !existsSync(path.join(SNAPSHOT_DIR, 'server', 'index.mjs'))) await snapshotBuild();
  if (!ofPair && !existsSync(BASELINE_BUNDLE)) await buildBaseline();
  if (
    isLightPair &&
    !(existsSync(path.join(LIGHT_DIST, 'server', 'index.mjs')) && existsSync(EXPRESS_SERVER_BUNDLE))
  )
    await buildLightPair();
  if (isProductLike && !existsSync(path.join(PRODUCT_LIKE_DIST, 'server', 'index.mjs')))
    await buildProductLikePair();
  pin.pinSelf(1);
  const servers = [];
  for (const side of sides) servers.push(await startSide(side));
  // Warm up as the bench does: both routes at 32 connections, then the measured route.
  for (const url of ofPair ? [] : [PRODUCT_PATH, SHOP_PATH])
    await loadTogether(pin, servers, { url, connections: 32, rounds: 0, warmupS: 3 });
  await loadTogether(pin, servers, { url: urlPath, connections, rounds: 0, warmupS: SETTINGS.warmupS });
  console.log(
    `${sides[0]} vs ${sides[1]}: ${urlPath}, ${connections} connections each, ${rounds} × ${seconds} s`,
  );
  const envelopesBefore = capture?.stats.envelopes ?? 0;
  const { perRequest, ratios, requests } = await loadTogether(pin, servers, {
    url: urlPath,
    connections,
    rounds,
    durationS: seconds,
    warmupS: 0,
  });
  for (const [round, ratio] of ratios.entries())
    console.log(
      `round ${round + 1}: ${sides.map((side, index) => `${side} ${perRequest[index][round].toFixed(0)} µs/request`).join(', ')}; ratio ${ratio.toFixed(3)}`,
    );
  let sentryRequests = 0;
  for (const [index, side] of sides.entries())
    if (side.includes('+sentry')) sentryRequests += requests[index].reduce((sum, count) => sum + count, 0);
  const sorted = [...ratios].sort((x, y) => x - y);
  console.log(
    `median CPU per request: ${sides.map((side, index) => `${side} ${median(perRequest[index]).toFixed(0)} µs`).join(', ')}`,
  );
  console.log(
    `throughput of ${sides[0]} relative to ${sides[1]} once the CPU is the limit (median of the rounds' ratios): ${median(ratios).toFixed(3)} (rounds from ${sorted[0].toFixed(3)} to ${sorted.at(-1).toFixed(3)})`,
  );
  if (capture) {
    // Each sampled request sends one envelope: at the rate of 0.1, far fewer means the SDK dropped events
    // (its send queue full), which would make a side with Sentry look cheaper than it is.
    const share = (capture.stats.envelopes - envelopesBefore) / sentryRequests;
    console.log(`Sentry envelopes per request of a side with Sentry: ${share.toFixed(3)} (sample rate 0.1)`);
    await capture.close();
  }
}

// Last, so that every helper above is initialised.
await runMain('side-by-side', main);
