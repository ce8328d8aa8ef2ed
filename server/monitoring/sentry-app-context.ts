import os from 'node:os';
import { defineIntegration, type Event, type Integration } from '@sentry/core';
import { nodeContextIntegration } from '@sentry/node-core/light';

const MEMORY_READING_MAX_AGE_MS = 1000;

/**
 * Sentry's context integration (os, device, culture, cloud) with its memory fields given by
 * processMemoryContext below: the same fields, read for less. Sentry's reads the memory for every event it
 * sends (every sampled transaction): `process.memoryUsage()`, whose V8 heap statistics are dear in a loaded
 * server though only its rss is used, `process.availableMemory()` (the cgroup's limits) and `os.freemem()`
 * (a read of /proc/meminfo). Here the three are read at most once a second, a gauge
 * rather than a ledger, whatever the traffic.
 */
export function contextIntegrations(): Integration[] {
  return [
    nodeContextIntegration({ app: false, device: { cpu: true, memory: false } }),
    processMemoryContext(),
  ];
}

/** Memory fields as Sentry's context integration names them. */
interface MemoryReading {
  app: { app_memory: number; free_memory?: number };
  device: { free_memory: number };
}

/**
 * `contexts.app` as Sentry's context integration sends it (start time, resident set, memory left to the
 * process), and the memory fields of `contexts.device` (the machine's total and free memory). An event's own
 * fields win.
 */
const processMemoryContext = defineIntegration(() => {
  const appStartTime = new Date(Date.now() - process.uptime() * 1000).toISOString();
  const machineMemory = os.totalmem();
  const readMemory = memoryGauge();
  return {
    name: 'ProcessMemoryContext',
    processEvent(event: Event): Event {
      const memory = readMemory();
      const { app, device } = event.contexts ?? {};
      event.contexts = {
        ...event.contexts,
        app: { app_start_time: appStartTime, ...memory.app, ...app },
        device: { memory_size: machineMemory, ...memory.device, ...device },
      };
      return event;
    },
  };
});

/** The process's and the machine's memory, read again only once the last reading is a second old. */
function memoryGauge(): () => MemoryReading {
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: MemoryReading | undefined;
  return () => {
    const now = Date.now();
    if (reading === undefined || now - readAt >= MEMORY_READING_MAX_AGE_MS) {
      readAt = now;
      const availableToProcess =
        typeof process.availableMemory === 'function' ? process.availableMemory() : undefined;
      reading = {
        app: {
          app_memory: process.memoryUsage.rss(),
          ...(availableToProcess === undefined ? {} : { free_memory: availableToProcess }),
        },
        device: { free_memory: os.freemem() },
      };
    }
    return reading;
  };
}
