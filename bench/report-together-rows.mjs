// The storefront pair loaded together, a row per route in the bench table.
import { verdict } from './report-metrics.mjs';
import { TARGETS } from './run/settings.mjs';
import { TOGETHER_PRODUCT_CONNECTIONS } from './run/storefront-together.mjs';

/** The storefront pair loaded together (bench/run/storefront-together.mjs): each start order, and both. */
export function storefrontTogetherRows(together, add) {
  for (const [routeId, label] of [
    ['shop', '/shop'],
    ['product', `product page @${TOGETHER_PRODUCT_CONNECTIONS} conn.`],
  ]) {
    const { ratio, orders } = together[routeId];
    const byOrder = orders.map((order) => `${order.ratio.toFixed(3)} (${order.first} first)`).join(', ');
    add(
      `${label} CPU per request, loaded together: baseline / ours`,
      [
        byOrder,
        '',
        '',
        ratio.toFixed(2),
        `>= ${TARGETS.throughputRatio}`,
        verdict(ratio >= TARGETS.throughputRatio),
      ],
      `storefrontTogether.${routeId}.ratio`,
      ratio,
    );
  }
}
