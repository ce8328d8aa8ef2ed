import type { Page } from 'playwright-core';

/**
 * Collects what a person would see as breakage in DevTools: console errors and warnings (React reports
 * hydration mismatches there) and uncaught page errors.
 */
export function collectPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Waits until the client entry has hydrated the document with all its data, the visitor's own included (`<html data-hydrated>`). */
export async function waitForHydration(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout });
}
