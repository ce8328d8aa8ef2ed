import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_FIELD } from '../../apps/storefront/shop-rules.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

/** Each product card's add form on a page: where it posts and its hidden fields. */
function quickAddForms(html: string) {
  return [...html.matchAll(/<form[^>]*class="quick-add"[^>]*>([\s\S]*?)<\/form>/g)].map(([form, inner]) => ({
    action: /action="([^"]+)"/.exec(form)?.[1],
    fields: Object.fromEntries(
      [...(inner ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
        ([, name, value]) => [name, value],
      ),
    ),
  }));
}

const headerCount = (html: string) => /class="cart-count"[^>]*>(\d+)</.exec(html)?.[1];

describe("a product card's add form (useFetcher's Form) without JavaScript", () => {
  const app = createStorefrontApp();

  it("posts the product page's add-to-cart action with quantity 1 and no request key", async () => {
    const forms = quickAddForms((await request(app).get('/shop')).text);
    expect(forms.length).toBeGreaterThan(0);
    const [first] = forms;
    expect(first?.action).toBe(`/products/${first?.fields.productId}`);
    expect(first?.fields).toMatchObject({ _action: 'add-to-cart', quantity: '1' });
    expect(first?.fields).not.toHaveProperty(IDEMPOTENCY_FIELD);
  });

  it('answers 303 to the product, and two presses add two', async () => {
    const [first] = quickAddForms((await request(app).get('/shop')).text);
    const { action = '', fields = {} } = first ?? {};
    const once = await request(app).post(action).type('form').send(fields);
    expect(once.status).toBe(303);
    expect(once.headers.location).toBe(`${action}?added=1`);
    const cookie = ([] as string[]).concat(once.headers['set-cookie'] ?? [])[0]?.split(';')[0] ?? '';
    const twice = await request(app).post(action).type('form').set('Cookie', cookie).send(fields);
    expect(twice.status).toBe(303);
    // /shop is shared through caches: the count is the cart page's.
    expect(headerCount((await request(app).get('/cart').set('Cookie', cookie)).text)).toBe('2');
  });
});
