import os from 'node:os';
import type { Client, Event, Integration } from '@sentry/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextIntegrations } from '../../server/monitoring/sentry-app-context.ts';

function processMemoryContext(): Integration & { processEvent: (event: Event) => Event } {
  const integration = contextIntegrations().find((candidate) => candidate.name === 'ProcessMemoryContext');
  if (!integration?.processEvent) throw new Error('no ProcessMemoryContext integration');
  const processEvent = integration.processEvent.bind(integration);
  return { ...integration, processEvent: (event) => processEvent(event, {}, {} as Client) as Event };
}

describe("the server's Sentry contexts", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("replaces Sentry's context integration by one without its memory fields, and adds them", () => {
    expect(contextIntegrations().map((integration) => integration.name)).toEqual([
      'Context',
      'ProcessMemoryContext',
    ]);
  });

  it("gives every event the app's start time, resident set and free memory, and the machine's memory", () => {
    const heapStatistics = vi.spyOn(process, 'memoryUsage');
    const event = processMemoryContext().processEvent({
      contexts: { culture: { timezone: 'UTC' }, device: { arch: 'x64' } },
    });
    expect(event.contexts?.app).toEqual({
      app_start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      app_memory: expect.any(Number),
      free_memory: expect.any(Number),
    });
    expect(event.contexts?.device).toEqual({
      arch: 'x64',
      memory_size: os.totalmem(),
      free_memory: expect.any(Number),
    });
    expect(event.contexts?.culture).toEqual({ timezone: 'UTC' });
    expect(heapStatistics).not.toHaveBeenCalled();
  });

  it("keeps an event's own app and device fields", () => {
    const event = processMemoryContext().processEvent({
      contexts: { app: { app_name: 'shop', app_memory: 1 }, device: { free_memory: 2 } },
    });
    expect(event.contexts?.app).toMatchObject({ app_name: 'shop', app_memory: 1 });
    expect(event.contexts?.device).toMatchObject({ free_memory: 2 });
  });

  it('reads the memory at most once a second, however many events are sent', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const reads = [
      vi.spyOn(process.memoryUsage, 'rss'),
      vi.spyOn(process, 'availableMemory'),
      vi.spyOn(os, 'freemem'),
    ];
    const integration = processMemoryContext();
    for (let event = 0; event < 5; event++) integration.processEvent({});
    for (const read of reads) expect(read).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    const later = integration.processEvent({});
    for (const read of reads) expect(read).toHaveBeenCalledTimes(2);
    expect(later.contexts?.app?.app_memory).toBe(reads[0]?.mock.results[1]?.value);
  });
});
