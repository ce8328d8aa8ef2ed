import { defineIntegration, type Event, type Integration } from '@sentry/core';
import { nodeContextIntegration } from '@sentry/node-core/light';

const FREE_MEMORY_MAX_AGE_MS = 1000;

/**
 * Sentry's context integration (os, device, culture, cloud) with its `app` context given by appMemoryContext
 * below: the same three fields, read for less. Sentry's reads the process's memory for every event it sends
 * (every sampled transaction): `process.memoryUsage()`, whose V8 heap statistics took ~0.2 ms a call in a
 * loaded server though only its rss is used, and `process.availableMemory()` (the cgroup's limits), ~0.09 ms.
 * At a traces sample rate of 0.1 that was ~30 µs of every request's CPU.
 */
export function contextIntegrations(): Integration[] {
  return [nodeContextIntegration({ app: false }), appMemoryContext()];
}

/** `contexts.app` as Sentry's context integration sends it: the start time, the resident set, the free memory. */
const appMemoryContext = defineIntegration(() => {
  const appStartTime = new Date(Date.now() - process.uptime() * 1000).toISOString();
  const freeMemory = freeMemoryReader();
  return {
    name: 'AppMemoryContext',
    processEvent(event: Event): Event {
      const app = { app_start_time: appStartTime, app_memory: process.memoryUsage.rss(), ...freeMemory() };
      event.contexts = { ...event.contexts, app: { ...app, ...event.contexts?.app } };
      return event;
    },
  };
});

/** The memory left to the process (its cgroup's limit counted), read at most once a second: a gauge, not a ledger. */
function freeMemoryReader(): () => { free_memory?: number } {
  let readAt = Number.NEGATIVE_INFINITY;
  let value: { free_memory?: number } = {};
  return () => {
    const now = Date.now();
    if (now - readAt >= FREE_MEMORY_MAX_AGE_MS && typeof process.availableMemory === 'function') {
      readAt = now;
      value = { free_memory: process.availableMemory() };
    }
    return value;
  };
}
