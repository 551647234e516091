import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core: no serious or critical violation on the page as it is now. */
export async function noSeriousViolations(page: Page) {
  // The pointer off any link: a hovered menu item's colours are a moment, not the page.
  await page.mouse.move(1, 300);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The page fits the viewport's width (a table may scroll inside its own container). */
export async function noSidewaysScroll(page: Page) {
  // Polled: right after the viewport shrinks, the menu is still sliding out of view.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'no sideways scroll on the phone',
    })
    .toBeLessThanOrEqual(0);
}
