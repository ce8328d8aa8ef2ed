/**
 * The fetcher example of the README ("Fetchers: mutations without navigation"), quoted there from the start
 * marker to the end marker: `npm run typecheck` checks it against useFetcher, and
 * tests/unit/readme-examples.test.ts keeps the quote the same as this file.
 */
// README example: start
import { useFetcher } from '../../shared/index.ts';
import { href } from '../../shared/storefront/href.ts';

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
// README example: end
