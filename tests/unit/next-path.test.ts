import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../shared/storefront/next-path.ts';

describe('safeNextPath', () => {
  it.each([
    ['/account', '/account'],
    ['/checkout', '/checkout'],
    ['/shop/kitchen?sort=name#top', '/shop/kitchen?sort=name#top'],
    ['/', '/'],
  ])('follows the path of this site %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/account',
    'https://evil.example',
    'http://evil.example/account',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,hi',
    'evil.example',
    'account',
    ' /account',
    '',
    '/account\u0000',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (value) => {
    expect(safeNextPath(value)).toBeNull();
  });

  it('reads no value as none', () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });
});
