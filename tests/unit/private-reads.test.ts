import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import {
  LatePrivateReadError,
  noteHeaderRead,
  notePrivateRead,
  notePublicAnswer,
  noteVariants,
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

  it('counts a header read as private unless the answer varies by that header', () => {
    const answer = response();
    noteHeaderRead(answer, 'accept-language');
    expect(privateRead(answer)).toBe('headers.accept-language');
    expect(privateRead(answer, new Set(['accept-language']))).toBeUndefined();
    noteHeaderRead(answer, 'user-agent');
    expect(privateRead(answer, new Set(['accept-language']))).toBe('headers.user-agent');
  });

  it('lets a public answer read the headers it varies by, and refuses any other', () => {
    const answer = response();
    noteVariants(answer, new Set(['accept-language']));
    notePublicAnswer(answer);
    expect(() => noteHeaderRead(answer, 'accept-language')).not.toThrow();
    expect(() => noteHeaderRead(answer, 'user-agent')).toThrow(/headers.user-agent was read after/);
  });
});
