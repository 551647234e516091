import { expect, test } from '@playwright/test';
import { apiAs, entries, signIn } from './helpers.ts';

test.describe('Contrato', () => {
  // The actions (forms, confirmations, refusals, timeline) are in contract-actions.spec.ts.
  test("IE 1 opening IE 2's brbId by URL sees não encontrado", async ({ page, baseURL }) => {
    const api2 = await apiAs(baseURL!, 'ie-2');
    const theirs = (await entries(api2, 'aptos'))[0]!;
    await signIn(page, 'Ana Souza', `/contrato/${theirs.brbId}`);
    await expect(page.getByText('Contrato não encontrado')).toBeVisible();
    await expect(page.getByText(theirs.nomeEstudante)).toHaveCount(0);
    await api2.dispose();
  });

  test('an expired session returns to sign-in and back to the same page', async ({ page, context }) => {
    await signIn(page, 'Ana Souza', '/contrato/1');
    await expect(page.getByTestId('situacao')).toBeVisible();
    await context.clearCookies();
    await page.getByRole('link', { name: 'Jornadas' }).click();
    // Signed out by the expired cookie (the session probe or the page's first call notices it first).
    await expect(page).toHaveURL(/\/entrar\?(expirou=1&)?volta=%2Fjornadas/);
    await page.getByRole('button', { name: /Ana Souza/ }).click();
    await expect(page).toHaveURL(/\/jornadas$/);
    await expect(page.getByRole('heading', { name: 'Jornadas' })).toBeVisible();
  });
});
