import { expect, test } from '@playwright/test';

// Issue 23, item 6: /docs has a Content-Security-Policy, and swagger-ui still renders under it.
test('the API docs render under their Content-Security-Policy, with no CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator('.swagger-ui .info .title')).toContainText('renova');
  await expect(page.locator('.opblock').first()).toBeVisible();
  await page.locator('.opblock-summary').first().click();
  await expect(page.locator('.opblock-body').first()).toBeVisible();
  expect(violations).toEqual([]);
});
