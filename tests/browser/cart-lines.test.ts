import type { Page, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { messages as french } from '../../apps/storefront/messages/fr.ts';
import { MAX_QUANTITY, PRODUCT_FIELD, QUANTITY_FIELD } from '../../apps/storefront/shop-rules.ts';
import { describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { addThroughServer, headerCount, recordDocumentRequests } from '../helpers/shop-visitor.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

const KNIFE = 'chef-knife-20cm';
const SANTOKU = 'santoku-knife-18cm';
const PARING = 'paring-knife-9cm';
const THREE_LINES: [string, number][] = [
  [KNIFE, 2],
  [SANTOKU, 2],
  [PARING, 3],
];

/** Fills the page's cart through the server (the page's own cookies), then opens the cart, hydrated. */
async function openCart(page: Page, origin: string, lines: [string, number][], path = '/cart') {
  for (const [id, quantity] of lines) await addThroughServer(page, origin, id, quantity);
  await page.goto(`${origin}${path}`);
  await waitForHydration(page);
  await markWindow(page);
  // Each row gets a mark on its element: a row changed in place keeps it, a re-rendered table would not.
  await page.evaluate(() => {
    for (const row of document.querySelectorAll('.cart-table tbody tr'))
      (row as unknown as { __mark: string }).__mark = row.querySelector('a')?.textContent ?? '';
  });
}

/** A line's row, its quantity field, its − and + buttons, its total. */
function line(page: Page, id: string) {
  const row = page.locator('.cart-table tbody tr', {
    has: page.locator(`input[name="${PRODUCT_FIELD}"][value="${id}"]`),
  });
  const steps = row.locator('form.quantity-step button');
  return {
    row,
    field: row.locator(`input[name="${QUANTITY_FIELD}"][type="number"]`),
    minus: steps.nth(0),
    plus: steps.nth(1),
    remove: row.locator('form.cart-table__remove button'),
    total: row.locator('.cart-table__total'),
  };
}

/** What the table shows: each row's product, quantity and total, and whether it is still the same element. */
function rows(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableRowElement>('.cart-table tbody tr')]
      .filter((row) => !row.hidden)
      .map((row) => {
        const name = row.querySelector('a')?.textContent ?? '';
        const quantity = row.querySelector<HTMLInputElement>('input[type="number"]')?.value;
        const total = row.querySelector('.cart-table__total')?.textContent;
        return { name, quantity, total, same: (row as unknown as { __mark?: string }).__mark === name };
      }),
  );
}

/** Waits until no line and no total is pending any more. */
function settled(page: Page) {
  return page.waitForFunction(() => !document.querySelector('.cart [aria-busy="true"]'));
}

async function rowOf(page: Page, name: string) {
  return (await rows(page)).find((row) => row.name === name);
}

describeInChromium('the cart’s lines (fetchers, useOptimistic)', ({ newPage }) => {
  const server = listenForSuite(() => createStorefrontApp());

  it('timeline: + shows the line’s new quantity at once, pending, then the server’s total; the other lines stay', async () => {
    const page = await newPage();
    const problems = collectPageProblems(page);
    try {
      await openCart(page, server().origin, THREE_LINES);
      const documents = recordDocumentRequests(page);
      const before = await rows(page);
      const knife = line(page, KNIFE);
      const held: Route[] = [];
      await page.route('**/_data/*/cart', async (route) => {
        if (route.request().method() === 'POST') held.push(route);
        else await route.continue();
      });
      await knife.plus.click();
      await expect.poll(() => held.length).toBe(1);
      // On screen before the server has the post: the new quantity, the line and the subtotal pending.
      expect(await knife.field.inputValue()).toBe('3');
      expect(await knife.row.getAttribute('aria-busy')).toBe('true');
      expect(await page.locator('.cart-table tfoot td').getAttribute('aria-busy')).toBe('true');
      expect(await headerCount(page)).toBe('8');
      expect((await rows(page)).slice(1)).toEqual(before.slice(1));

      await held[0]?.continue();
      await settled(page);
      const after = await rows(page);
      expect(after[0]).toMatchObject({ quantity: '3', same: true });
      expect(after[0]?.total).not.toBe(before[0]?.total);
      expect(after.slice(1)).toEqual(before.slice(1));
      expect(await headerCount(page)).toBe('8');
      expect(await hasMarker(page)).toBe(true);
      expect(documents).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.close();
    }
  });

  it('− and remove each change one line in place; the header and the subtotal follow', async () => {
    const page = await newPage();
    try {
      await openCart(page, server().origin, THREE_LINES);
      const documents = recordDocumentRequests(page);
      const before = await rows(page);
      const subtotal = () => page.locator('.cart-table tfoot td').textContent();
      const subtotalBefore = await subtotal();

      await line(page, SANTOKU).minus.click();
      expect(await line(page, SANTOKU).field.inputValue()).toBe('1');
      await settled(page);
      const afterMinus = await rows(page);
      expect(afterMinus[1]).toMatchObject({ quantity: '1', same: true });
      expect([afterMinus[0], afterMinus[2]]).toEqual([before[0], before[2]]);
      expect(await headerCount(page)).toBe('6');
      expect(await subtotal()).not.toBe(subtotalBefore);
      // At 1, − would empty the line: remove does that.
      expect(await line(page, SANTOKU).minus.isDisabled()).toBe(true);

      const paring = before[2]?.name ?? '';
      await line(page, PARING).remove.click();
      await expect.poll(async () => (await rowOf(page, paring)) === undefined).toBe(true);
      await settled(page);
      await expect.poll(() => page.locator('.cart-table tbody tr').count()).toBe(2);
      expect(await rows(page)).toEqual(afterMinus.slice(0, 2));
      expect(await headerCount(page)).toBe('3');
      expect(await hasMarker(page)).toBe(true);
      expect(documents).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a remove that fails brings its line back, with the failure on it', async () => {
    const page = await newPage();
    try {
      await openCart(page, server().origin, [
        [KNIFE, 1],
        [SANTOKU, 1],
      ]);
      const before = await rows(page);
      await page.route('**/_data/*/cart', (route) =>
        route.request().method() === 'POST' ? route.abort('failed') : route.continue(),
      );
      await line(page, KNIFE).remove.click();
      await expect.poll(() => line(page, KNIFE).row.locator('[role="alert"]').textContent()).toBeTruthy();
      await settled(page);
      expect(await rows(page)).toEqual(before);
      expect(await headerCount(page)).toBe('2');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.close();
    }
  });

  it('a refused quantity shows the server’s error on its line, in the visitor’s language, and keeps the value', async () => {
    const page = await newPage();
    try {
      await openCart(page, server().origin, [[KNIFE, 2]], '/fr/cart');
      const knife = line(page, KNIFE);
      await knife.field.fill(String(MAX_QUANTITY + 1));
      await knife.field.press('Enter');
      const error = knife.row.locator('.cart-table__quantity [role="alert"]');
      await expect.poll(() => error.textContent()).toBe(french.errorQuantity(MAX_QUANTITY));
      expect(await knife.field.inputValue()).toBe(String(MAX_QUANTITY + 1));
      expect(await knife.field.getAttribute('aria-invalid')).toBe('true');
      expect(await headerCount(page)).toBe('2');
      expect(await hasMarker(page)).toBe(true);
    } finally {
      await page.close();
    }
  });
});
