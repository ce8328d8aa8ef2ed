// The helpers of bench/*.mjs, by concept in bench/lib/: constants, child processes (tracked, killed on exit
// or Ctrl-C), CPU pinning, builds, servers, measurements and load runs. Everything listens on and talks to
// 127.0.0.1 only.
export * from './lib/builds.mjs';
export * from './lib/bytes.mjs';
export * from './lib/children.mjs';
export * from './lib/chromium.mjs';
export * from './lib/constants.mjs';
export * from './lib/measurements.mjs';
export * from './lib/pinning.mjs';
export * from './lib/servers.mjs';
