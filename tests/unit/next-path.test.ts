import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../apps/storefront/next-path.ts';
import { EVIL_NEXT_VALUES } from '../helpers/evil-next.ts';

describe('safeNextPath', () => {
  it.each([
    ['/account', '/account'],
    ['/checkout', '/checkout'],
    ['/shop/kitchen?sort=name#top', '/shop/kitchen?sort=name#top'],
    ['/', '/'],
  ])('follows the path of this site %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it.each([...EVIL_NEXT_VALUES, `/${'a'.repeat(2048)}`])('refuses %j', (value) => {
    expect(safeNextPath(value)).toBeNull();
  });

  it('reads no value as none', () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });
});
