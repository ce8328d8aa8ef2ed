import { describe, expect, it } from 'vitest';
import { withoutControlSignals } from '../../client/monitoring/control-signal-filter.ts';
import { HttpError, notFound, redirect } from '../../shared/index.ts';

describe("the browser's Sentry filter", () => {
  const event = { message: 'an event' };

  it('drops redirect() and notFound(), recognised without their classes', () => {
    expect(
      withoutControlSignals(event, { originalException: redirect('https://shop.example/cart') }),
    ).toBeNull();
    expect(withoutControlSignals(event, { originalException: notFound() })).toBeNull();
  });

  it('keeps every other error, and events without one', () => {
    expect(withoutControlSignals(event, { originalException: new Error('broken') })).toBe(event);
    expect(withoutControlSignals(event, { originalException: new HttpError(500) })).toBe(event);
    expect(withoutControlSignals(event, { originalException: { kind: 'other' } })).toBe(event);
    expect(withoutControlSignals(event, { originalException: null })).toBe(event);
    expect(withoutControlSignals(event, {})).toBe(event);
  });
});
