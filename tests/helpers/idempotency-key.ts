import { IDEMPOTENCY_FIELD } from '../../apps/storefront/shop-rules.ts';

const KEY_INPUT = new RegExp(`name="${IDEMPOTENCY_FIELD}" value="([^"]+)"`);

/** The hidden request key of the add-to-cart or checkout form that `html` shows, or `''` without one. */
export function idempotencyKeyOf(html: string): string {
  return KEY_INPUT.exec(html)?.[1] ?? '';
}
