import { describe, expect, it } from 'vitest';
import { invalid } from '../../server/index.ts';

describe('invalid()', () => {
  it('answers 422 by default, or the 4xx and headers it is given', () => {
    expect(invalid({ email: 'Enter an email' }, { email: 'x' }).answer).toEqual({});
    const throttled = invalid(
      { form: 'Too many attempts' },
      {},
      { status: 429, headers: { 'Retry-After': '60' } },
    );
    expect(throttled.answer).toEqual({ status: 429, headers: { 'Retry-After': '60' } });
  });

  it.each([
    200,
    303,
    500,
    503,
    422.5,
    Number.NaN,
  ])('refuses status %s: a failure is thrown as an HttpError', (status) => {
    expect(() => invalid({}, {}, { status })).toThrow(TypeError);
  });
});
