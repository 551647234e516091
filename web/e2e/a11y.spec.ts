import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { screenshot, signIn } from './helpers.ts';

async function noSeriousViolations(page: Page, screen: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[role="status"][aria-live]')).toHaveCount(0, { timeout: 20_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('axe: no serious or critical violation', () => {
  test.describe.configure({ timeout: 120_000 });

  test('sign-in page', async ({ page }) => {
    await page.goto('/entrar');
    await expect(page.getByRole('button', { name: /Ana Souza/ })).toBeVisible();
    await noSeriousViolations(page, '/entrar');
  });

  const IE_SCREENS = [
    '/',
    '/contrato/1',
    '/valores',
    '/jornadas',
    '/notificacoes',
    '/preferencias',
    '/convenios',
    '/tickets',
    '/simulador',
    '/lotes',
    '/auditoria',
  ];
  for (const path of IE_SCREENS) {
    test(`IE screen ${path}`, async ({ page }) => {
      await signIn(page, 'Ana Souza', path);
      await noSeriousViolations(page, path);
      if (path === '/') {
        await expect(page.getByTestId('total-lista')).toBeVisible();
        await page.screenshot({ path: screenshot('painel.png') });
      }
    });
  }

  test('operator screen /fundacao', async ({ page }) => {
    await signIn(page, 'Carla Operadora', '/fundacao');
    await noSeriousViolations(page, '/fundacao');
  });
});
