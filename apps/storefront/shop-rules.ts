/**
 * The storefront's rules, written once: the cart's caps, what a slug looks like and the names of the
 * cart's form fields. Forms, actions, data steps and tests import them from here. Constants only, since
 * the product and cart pages take them into the browser.
 *
 * The database keeps the caps too (0001-shop-schema.sql, named in 0006-cart-constraint-names.sql): SQL
 * cannot import them, so a cap changed here is changed there in a new migration, and
 * tests/integration/database-embedded.test.ts fails until both agree.
 */

// #region cart-caps
/** Units of one product a cart may hold (and the least is 1). */
export const MAX_QUANTITY = 99;

/** Distinct products a cart may hold. */
export const MAX_CART_LINES = 50;
// #endregion cart-caps

/**
 * A catalogue or help slug, and each segment of a category path: lower-case words of letters and digits
 * joined by single hyphens (`chef-knife-20cm`). The products table checks ids with the same pattern.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The cart forms' field naming the product (a slug). */
export const PRODUCT_FIELD = 'productId';

/** The cart forms' quantity field: a whole number from 1 to MAX_QUANTITY. */
export const QUANTITY_FIELD = 'quantity';

/**
 * The hidden request key of the add-to-cart and checkout forms: a fresh UUID per page, so a double
 * submit or a retried post of one form adds once, or places one order.
 */
export const IDEMPOTENCY_FIELD = 'idempotencyKey';
