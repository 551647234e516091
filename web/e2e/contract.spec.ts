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
    // Whichever notices the expired cookie first signs out: the click's own page (volta=/jornadas)
    // or a background call on the contract page (volta=/contrato/1), which can remove the link
    // before the click lands. Either way the sign-in page names the page to return to.
    await page
      .getByRole('link', { name: 'Jornadas' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expect(page).toHaveURL(/\/entrar\?(expirou=1&)?volta=%2F(jornadas|contrato%2F1)$/);
    const volta = new URL(page.url()).searchParams.get('volta')!;
    await page.getByRole('button', { name: /Ana Souza/ }).click();
    await expect(page).toHaveURL(new RegExp(`${volta}$`));
    await expect(
      volta === '/jornadas' ? page.getByRole('heading', { name: 'Jornadas' }) : page.getByTestId('situacao'),
    ).toBeVisible();
  });
});
