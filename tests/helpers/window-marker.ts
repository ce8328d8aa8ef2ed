import type { Page } from 'playwright-core';

/** Puts a marker on `window`: it survives client navigations and disappears with a full page load. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 1;
  });
}

/** Whether the marker set by `markWindow` is still there (no full page load since). */
export function hasMarker(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 1);
}
