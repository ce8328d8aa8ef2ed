import type { Client, Event, Integration } from '@sentry/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextIntegrations } from '../../server/monitoring/sentry-app-context.ts';

function appMemoryContext(): Integration & { processEvent: (event: Event) => Event } {
  const integration = contextIntegrations().find((candidate) => candidate.name === 'AppMemoryContext');
  if (!integration?.processEvent) throw new Error('no AppMemoryContext integration');
  const processEvent = integration.processEvent.bind(integration);
  return { ...integration, processEvent: (event) => processEvent(event, {}, {} as Client) as Event };
}

describe("the server's Sentry contexts", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("replaces Sentry's context integration by one without its app context, and adds the app's", () => {
    expect(contextIntegrations().map((integration) => integration.name)).toEqual([
      'Context',
      'AppMemoryContext',
    ]);
  });

  it("gives every event the app's start time, resident set and free memory, without V8's heap statistics", () => {
    const heapStatistics = vi.spyOn(process, 'memoryUsage');
    const event = appMemoryContext().processEvent({ contexts: { culture: { timezone: 'UTC' } } });
    expect(event.contexts?.app).toEqual({
      app_start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      app_memory: expect.any(Number),
      free_memory: expect.any(Number),
    });
    expect(event.contexts?.culture).toEqual({ timezone: 'UTC' });
    expect(heapStatistics).not.toHaveBeenCalled();
  });

  it("keeps an event's own app fields", () => {
    const event = appMemoryContext().processEvent({ contexts: { app: { app_name: 'shop', app_memory: 1 } } });
    expect(event.contexts?.app).toMatchObject({ app_name: 'shop', app_memory: 1 });
  });

  it('reads the free memory at most once a second', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const availableMemory = vi.spyOn(process, 'availableMemory');
    const integration = appMemoryContext();
    for (let event = 0; event < 5; event++) integration.processEvent({});
    expect(availableMemory).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    integration.processEvent({});
    expect(availableMemory).toHaveBeenCalledTimes(2);
  });
});
