import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { noSidewaysScroll } from './checks.ts';
import { apiAs, screenshot, signIn } from './helpers.ts';

test.describe.configure({ timeout: 180_000 });

const fmt = (n: number) => n.toLocaleString('pt-BR');

async function noSeriousViolations(page: Page) {
  await expect(page.locator('[role="status"][aria-live]')).toHaveCount(0, { timeout: 20_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function countsOf(api: APIRequestContext, query = '') {
  const body = await (await api.get(`/s/v2/renovacao/dashboard/contadores${query}`)).json();
  const n = (aba: string) => (body.abas as { aba: string; total: number }[]).find((a) => a.aba === aba)!.total;
  const situacao = (s: string, m: string | null) =>
    (body.situacoes as { situacao: string; motivo: string | null; total: number }[]).find(
      (c) => c.situacao === s && c.motivo === m,
    )?.total ?? 0;
  return { aptos: n('aptos'), processing: n('em-processamento'), done: n('finalizados'), situacao };
}

/** The service's business day (the mock runs on its own reference day), from the carousel. */
async function serviceToday(api: APIRequestContext): Promise<string> {
  const body = await (await api.get('/s/v3/renovacao/carousel')).json();
  const { janelaFim, diasRestantes } = body.destaques as { janelaFim: string; diasRestantes: number };
  const day = new Date(`${janelaFim}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - diasRestantes);
  return day.toISOString().slice(0, 10);
}

test('Progresso: renewed of total with the counts and the days left, pinned by an ARIA snapshot', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs(baseURL!, 'ie-1');
  const c = await countsOf(api);
  const carousel = await (await api.get('/s/v3/renovacao/carousel')).json();
  const days = carousel.destaques.diasRestantes as number;
  const base = c.aptos + c.processing + c.done;
  const percent = (Math.round((c.done / base) * 1000) / 10).toLocaleString('pt-BR');

  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'Ana Souza');
  await expect(page.getByTestId('progresso-texto')).toHaveText(
    `${fmt(c.done)} de ${fmt(base)} renovados (${percent}%): ${fmt(c.aptos)} aptos, ${fmt(c.processing)} em processamento, ${fmt(c.done)} finalizados.`,
  );
  await expect(page.getByTestId('prazo')).toContainText(`${days} dias até o encerramento`);
  // More than 7 days before the close, nobody is "em risco" yet.
  expect(days).toBeGreaterThan(7);
  await expect(page.getByTestId('em-risco')).toHaveCount(0);
  await expect(page.getByTestId('total-lista')).toBeVisible();
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - main:
      - heading "Painel de renovação" [level=1]
      - region "Progresso da renovação":
        - heading "Progresso da renovação" [level=2]
        - paragraph: /\\d+ dias até o encerramento · fecha em \\d\\d\\/\\d\\d\\/\\d{4}/
        - progressbar /Renovados [\\d,]+%/
        - paragraph: /[\\d.]+ de [\\d.]+ renovados/
      - tablist "Abas do painel":
        - tab /Aptos \\([\\d.]+\\)/ [selected]
        - tab /Em processamento/
        - tab /Finalizados/
        - tab /Sem renovação/
        - tab /Manutenção de vínculo/
      - tabpanel:
        - table "Estudantes da aba":
          - rowgroup:
            - row:
              - columnheader "Selecionar todos os estudantes desta página":
                - checkbox "Selecionar todos os estudantes desta página"
              - columnheader /Estudante/
  `);
  await noSeriousViolations(page);
  await page.screenshot({ path: screenshot('painel.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('painel-progresso')).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('painel-390.png'), fullPage: true });
  await api.dispose();
});

test('Em risco: 3 days before the close the students still Apto are one click away, and all of them can be acted on at once', async ({
  page,
  baseURL,
}) => {
  // IE 2 gets a regularization journey whose window closes in 3 days (only the foundation sets windows).
  const operator = await apiAs(baseURL!, 'operador');
  const ie2 = await apiAs(baseURL!, 'ie-2');
  const today = await serviceToday(ie2);
  const end = new Date(`${today}T12:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 3);
  const opened = await operator.post('/s/v2/renovacao/jornadas/abrir', {
    data: {
      ieId: 2,
      ano: 2026,
      semestre: 1,
      tipo: 'REGULARIZACAO',
      janelaInicio: today,
      janelaFim: end.toISOString().slice(0, 10),
    },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const journey = (await opened.json()).jornadas[0] as { id: number; totalEntradas: number };
  const aptos = journey.totalEntradas;
  expect(aptos).toBeGreaterThan(1);

  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'Bruno Lima', `/?jornada=${journey.id}`);
  await expect(page.getByTestId('prazo')).toContainText('3 dias até o encerramento');
  const risk = page.getByTestId('em-risco');
  await expect(risk).toContainText(`${fmt(aptos)} estudantes ainda estão aptos`);
  await noSeriousViolations(page);
  await page.getByRole('button', { name: `Ver os ${fmt(aptos)} em risco` }).click();
  await expect(page).toHaveURL(/aba=aptos/);
  await expect(page.getByTestId('lista-em-risco')).toBeVisible();
  await expect(page.getByTestId('total-lista')).toContainText(`de ${fmt(aptos)}`);

  // Every one of them, through "all matching the filters".
  await page.locator('tbody').getByRole('checkbox').first().check();
  await page.getByRole('button', { name: `Selecionar todos os ${fmt(aptos)} que atendem aos filtros` }).click();
  await expect(page.getByTestId('selecionados')).toHaveText(
    `Todos os ${fmt(aptos)} estudantes da aba Aptos com estes filtros`,
  );
  await page.getByRole('combobox', { name: 'Ação' }).click();
  await page.getByRole('option', { name: 'Inativar' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('ok');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Escreva o motivo com 3 a 500 caracteres.');
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Não fez a rematrícula no prazo');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog).toContainText(`Confirmar: inativar de ${fmt(aptos)} estudantes?`);
  await dialog.getByRole('button', { name: `Confirmar para ${fmt(aptos)} estudantes` }).click();
  await expect(page.getByTestId('progresso-lote')).toHaveText(
    `${fmt(aptos)} de ${fmt(aptos)} processados: ${fmt(aptos)} feitos, 0 recusados.`,
    { timeout: 120_000 },
  );
  const after = await countsOf(ie2, `?journeyId=${journey.id}`);
  expect(after.aptos).toBe(0);
  expect(after.situacao('SEM_RENOVACAO', 'INATIVO')).toBe(aptos);
  await operator.dispose();
  await ie2.dispose();
});
