import { describe, expect, it } from 'vitest';
import { redirect } from '../../shared/routing/control-signals.ts';
import type { LinkTarget } from '../../shared/routing/href.ts';
import { isAppPath, isSafeRedirectTarget } from '../../shared/routing/safe-redirect.ts';

describe('isSafeRedirectTarget', () => {
  it.each([
    '/',
    '/cart',
    '/shop?page=2',
    '/help#top',
    'https://example.com/pay',
    'http://example.com',
  ])('accepts %s', (target) => expect(isSafeRedirectTarget(target)).toBe(true));

  it.each([
    '//evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,hi',
    'evil.com',
    '/ok\nLocation: https://evil.com',
    'https://evil.com\\@good.com',
    '',
  ])('refuses %j', (target) => expect(isSafeRedirectTarget(target)).toBe(false));

  it('tells app paths from absolute URLs', () => {
    expect(isAppPath('/cart')).toBe(true);
    expect(isAppPath('https://example.com')).toBe(false);
    expect(isAppPath('//evil.com')).toBe(false);
  });

  it('makes redirect() throw for an unsafe target, naming it', () => {
    expect(() => redirect('//evil.com' as LinkTarget)).toThrow(/Refusing redirect target "\/\/evil.com"/);
  });
});
