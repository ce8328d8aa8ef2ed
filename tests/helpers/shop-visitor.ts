import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PRODUCT_FIELD, QUANTITY_FIELD } from '../../apps/storefront/shop-rules.ts';

/** Adds to the cart of the page's visitor (its cookies) through the server, as a plain form post would. */
export async function addThroughServer(page: Page, origin: string, productId: string, quantity: number) {
  const added = await page.request.post(`${origin}/products/${productId}`, {
    form: { _action: 'add-to-cart', [PRODUCT_FIELD]: productId, [QUANTITY_FIELD]: String(quantity) },
    headers: { Origin: origin },
  });
  expect(added.ok()).toBe(true);
}

/** Records the document requests the page makes from now on: a client-side change makes none. */
export function recordDocumentRequests(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  return documents;
}

/** The header's cart count badge as it reads. */
export async function headerCount(page: Page): Promise<string | undefined> {
  return (await page.locator('header .cart-count').textContent())?.trim();
}
