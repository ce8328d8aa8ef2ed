import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import {
  LatePrivateReadError,
  notePrivateRead,
  notePublicAnswer,
  privateRead,
} from '../../server/request/private-reads.ts';

const response = () => ({ locals: {} }) as unknown as Response;

describe('private reads', () => {
  it('remembers the first thing a handler read that differs per visitor', () => {
    const answer = response();
    expect(privateRead(answer)).toBeUndefined();
    notePrivateRead(answer, 'cookies');
    notePrivateRead(answer, 'headers.cookie');
    expect(privateRead(answer)).toBe('cookies');
  });

  it('refuses a read once the answer went out as public: it would be cached for everyone', () => {
    const answer = response();
    notePublicAnswer(answer);
    expect(() => notePrivateRead(answer, 'signedCookies')).toThrow(LatePrivateReadError);
    expect(() => notePrivateRead(answer, 'signedCookies')).toThrow(/signedCookies was read after/);
  });
});
