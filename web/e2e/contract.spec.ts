import { expect, test } from '@playwright/test';
import { allowedActions, apiAs, counter, entries, screenshot, signIn } from './helpers.ts';

test.describe('Contrato', () => {
  test('locks an enrolment with a date: situação, counters and timeline change', async ({ page, baseURL }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const pool = await entries(api, 'aptos', '&ordem=desc');
    let target: (typeof pool)[number] | undefined;
    for (const e of pool.slice(0, 20)) if ((await allowedActions(api, e.brbId)).includes('TRANCAMENTO')) target = e;
    expect(target, 'an APTO entry that may be locked').toBeTruthy();

    await signIn(page, 'Ana Souza');
    const aptos = await counter(page, 'aptos');
    const sem = await counter(page, 'sem-renovacao');

    await page.goto(`/contrato/${target!.brbId}`);
    await expect(page.getByTestId('situacao')).toHaveText('Apto');
    // The timeline loads on its own query: count its rows only once it has loaded (table or empty state).
    await expect(page.getByTestId('linha-do-tempo').or(page.getByText('Nenhum evento.'))).toBeVisible();
    const events = await page.getByTestId('linha-do-tempo').locator('tbody tr').count();
    const form = page.getByRole('region', { name: 'Trancar matrícula' });
    await form.getByLabel('Data do trancamento').fill('31/02/2026');
    await form.getByRole('button', { name: 'Trancar' }).click();
    await expect(form.getByText('Informe uma data válida no formato dd/mm/aaaa.')).toBeVisible();
    await form.getByLabel('Data do trancamento').fill('02032026');
    await expect(form.getByLabel('Data do trancamento')).toHaveValue('02/03/2026');
    await form.getByRole('button', { name: 'Trancar' }).click();

    await expect(page.getByTestId('situacao')).toHaveText('Sem renovação — Trancamento');
    await expect(page.getByTestId('linha-do-tempo').locator('tbody tr')).toHaveCount(events + 1);
    await page.screenshot({ path: screenshot('contrato.png'), fullPage: true });

    await page.getByRole('link', { name: '← Voltar ao painel' }).click();
    await expect.poll(() => counter(page, 'aptos')).toBe(aptos - 1);
    await expect.poll(() => counter(page, 'sem-renovacao')).toBe(sem + 1);
    await api.dispose();
  });

  test("a refused action shows the API's 409 message, and what was typed stays", async ({ page, baseURL }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const pool = await entries(api, 'aptos');
    let target: (typeof pool)[number] | undefined;
    for (const e of pool.slice(0, 20)) if ((await allowedActions(api, e.brbId)).includes('TRANCAMENTO')) target = e;
    await signIn(page, 'Ana Souza', `/contrato/${target!.brbId}`);
    const form = page.getByRole('region', { name: 'Trancar matrícula' });
    await form.getByLabel('Data do trancamento').fill('02/03/2026');
    await form.getByLabel('Observação').fill('pedido da coordenação');

    // Someone else locks it first (the form on screen is now out of date).
    const first = await api.post('/s/v3/mais-acoes/trancamento', {
      data: { brbId: target!.brbId, dataOcorrido: '02-03-2026' },
    });
    expect(first.status()).toBe(200);

    const answer = page.waitForResponse((r) => r.url().endsWith('/s/v3/mais-acoes/trancamento'));
    await form.getByRole('button', { name: 'Trancar' }).click();
    const response = await answer;
    expect(response.status()).toBe(409);
    const problem = await response.json();
    await expect(form.getByTestId('erro-acao')).toHaveText(problem.detail);
    await expect(form.getByLabel('Observação')).toHaveValue('pedido da coordenação');
    await api.dispose();
  });

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
