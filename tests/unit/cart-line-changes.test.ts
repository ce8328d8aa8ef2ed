import { describe, expect, it } from 'vitest';
import { type ShownLine, withLineChange } from '../../apps/storefront/components/cart-row.tsx';

const line = (productId: string, quantity: number): ShownLine => ({
  productId,
  name: productId,
  categoryPath: 'kitchen/knives',
  unitPriceCents: 1000,
  quantity,
  lineTotalCents: 1000 * quantity,
});

describe('withLineChange (the cart page’s optimistic lines)', () => {
  const lines = [line('knife', 2), line('board', 1)];

  it.each([
    ['sets the quantity of the line it names', { productId: 'knife', quantity: 3 }, [3, 1], [false, false]],
    [
      'marks a line removed at 0, keeping it in place',
      { productId: 'board', quantity: 0 },
      [2, 1],
      [false, true],
    ],
    [
      'changes nothing for a line the cart does not have',
      { productId: 'lamp', quantity: 5 },
      [2, 1],
      [false, false],
    ],
  ])('%s', (_, change, quantities, removing) => {
    const shown = withLineChange(lines, change);
    expect(shown.map((each) => each.quantity)).toEqual(quantities);
    expect(shown.map((each) => each.removing === true)).toEqual(removing);
  });

  it('leaves the server’s totals and the other lines as they are', () => {
    const shown = withLineChange(lines, { productId: 'knife', quantity: 5 });
    expect(shown[0]?.lineTotalCents).toBe(2000);
    expect(shown[1]).toBe(lines[1]);
  });
});
