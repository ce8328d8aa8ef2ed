/**
 * The smallest fetcher, quoted by docs/actions-forms-fetchers.md from its region: `npm run typecheck` checks
 * it against useFetcher, and tests/docs/snippets.test.ts keeps the quote the same as this file.
 */
// #region fetcher
import { useFetcher } from '#runtime/shared';
import { href } from '../../apps/storefront/href.ts';

export function QuickAdd({ id }: { id: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form action="add-to-cart" to={href('product', { id })}>
      <input type="hidden" name="productId" value={id} />
      <input type="hidden" name="quantity" value="1" />
      <button type="submit" disabled={fetcher.state === 'submitting'}>
        Add to cart
      </button>
      <p role="status">{fetcher.errors?.quantity ?? ''}</p>
    </fetcher.Form>
  );
}
// #endregion fetcher
