import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiAs, entries, expectNoVisibleCodes, signIn } from './helpers.ts';

/** Issue 21, items 6 and 7: labels, not codes; nothing breaks the page. */
test.describe('Labels and a page that does not break', () => {
  test.describe.configure({ timeout: 180_000 });

  test('no screen shows an API code where a person reads', async ({ page, baseURL }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    // A contract with a history: one of the sem renovação tab (its timeline has several events).
    const [sem] = await entries(api, 'sem-renovacao');
    await signIn(page, 'Ana Souza');
    for (const path of ['/', '/?aba=sem-renovacao', '/?aba=em-processamento', `/contrato/${sem!.brbId}`, '/jornadas']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('[role="status"][aria-live]')).toHaveCount(0, { timeout: 20_000 });
      if (path.startsWith('/contrato')) await expect(page.getByTestId('linha-do-tempo')).toBeVisible();
      await expectNoVisibleCodes(page, path);
    }
    await api.dispose();
  });

  test('a screen that fails shows a Portuguese message and a way back, never the framework page', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const [target] = await entries(api, 'aptos');
    await signIn(page, 'Ana Souza');
    // The contract answers a body the screen cannot read: the screen throws while rendering.
    await page.route('**/s/v2/status-contrato/*/brb-id', (route) => route.fulfill({ json: { situacao: 'APTO' } }));
    await page.goto(`/contrato/${target!.brbId}`);
    const boundary = page.getByTestId('erro-tela');
    await expect(boundary.getByRole('heading', { level: 1, name: 'Algo deu errado nesta tela' })).toBeVisible();
    await expect(page.getByText(/Unexpected Application Error|Hey developer/)).toHaveCount(0);
    // The shell stays: navigation and header are there.
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.unroute('**/s/v2/status-contrato/*/brb-id');
    await boundary.getByRole('link', { name: 'Voltar ao painel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Painel de renovação' })).toBeVisible();
    await api.dispose();
  });

  test('"Contrato anual" clicked twice keeps the Valores page and what was typed', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'Ana Souza', '/valores');
    const annual = page.getByLabel('Contrato anual (até 12 parcelas)');
    const first = page.getByRole('textbox').first();
    await first.fill('123');
    await annual.click();
    await annual.click();
    await expect(annual).not.toBeChecked();
    await expect(first).toHaveValue('123');
    await expect(page.getByTestId('erro-tela')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the dashboard keeps its tab, filters and page when going to a contract and back', async ({ page }) => {
    await signIn(page, 'Ana Souza');
    await page.getByTestId('aba-sem-renovacao').click();
    await expect(page).toHaveURL(/aba=sem-renovacao/);
    // Order by name descending, then the first contract.
    await page.goto('/?aba=sem-renovacao&ordenarPor=nome&ordem=desc');
    const firstRow = page.locator('table tbody tr').first();
    await expect(firstRow).toBeVisible();
    const url = page.url();
    await firstRow.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/contrato\/\d+$/);
    await page.getByRole('link', { name: '← Voltar ao painel' }).click();
    expect(page.url()).toBe(url);
    await expect(page.getByRole('tab', { name: /Sem renovação/ })).toHaveAttribute('aria-selected', 'true');
  });

  test("a new tab never shows the previous tab's rows", async ({ page }) => {
    await signIn(page, 'Ana Souza');
    const rows = page.locator('table tbody tr');
    await expect(rows.first()).toBeVisible();
    const aptoRow = (await rows.first().textContent()) ?? '';
    // Slow the next list down: until it answers, the loading state shows, not the aptos rows.
    await page.route('**/s/v2/renovacao/finalizados?**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByTestId('aba-finalizados').click();
    await expect(page.getByRole('status').filter({ hasText: 'Carregando' })).toBeVisible();
    await expect(page.getByText(aptoRow, { exact: true })).toHaveCount(0);
  });

  test('the header counts days left in São Paulo days and names the unread notifications by their visible text', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const filtros = await (await api.get('/s/v2/renovacao/filtros')).json();
    const current = filtros.jornadas.find((j: { id: number }) => j.id === filtros.jornadasAtuais[0]);
    // The service's business date: the mock runs on its own day.
    const today = ((await (await api.get('/s/sessao/configuracao')).json()) as { hoje: string }).hoje;
    const days = Math.round((Date.parse(current.janelaFim) - Date.parse(today)) / 86_400_000);
    await signIn(page, 'Ana Souza');
    if (current.status === 'ABERTA')
      await expect(page.getByTestId('jornada-atual')).toContainText(
        days < 0
          ? 'janela encerrada'
          : days === 0
            ? 'encerra hoje'
            : days === 1
              ? '1 dia restante'
              : `${days} dias restantes`,
      );
    const unread = (await (await api.get('/s/v2/ies/notificacoes')).json()) as { naoLidas: number };
    await expect(page.getByRole('button', { name: `Notificações ${unread.naoLidas} não lidas` })).toBeVisible();
    await api.dispose();
  });
});
