import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { noSidewaysScroll } from './checks.ts';
import { apiAs, entries, maskCPF, screenshot, signIn } from './helpers.ts';

test.describe.configure({ timeout: 180_000 });

/** The service's business day (the mock runs on its own reference day), from the carousel. */
async function serviceToday(api: APIRequestContext): Promise<Date> {
  const body = await (await api.get('/s/v3/renovacao/carousel')).json();
  const { janelaFim, diasRestantes } = body.destaques as { janelaFim: string; diasRestantes: number };
  const day = new Date(`${janelaFim}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - diasRestantes);
  return day;
}

const ddmmyyyy = (d: Date, sep: string) =>
  [d.getUTCDate(), d.getUTCMonth() + 1, d.getUTCFullYear()].map((n) => String(n).padStart(2, '0')).join(sep);

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The locked entry as the dashboard lists it (situation and last change), to prove a refusal changed nothing. */
async function listed(api: APIRequestContext, cpf: string) {
  const res = await api.get(`/s/v2/renovacao/sem-renovacao?busca=${cpf}`);
  expect(res.status()).toBe(200);
  const [item] = (await res.json()).itens as { situacao: string; motivo: string | null; atualizadoEm: string }[];
  return { situacao: item!.situacao, motivo: item!.motivo, atualizadoEm: item!.atualizadoEm };
}

test('Lote: chosen students locked at once; a refused one keeps its state, the result downloads and the refused retry', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs(baseURL!, 'ie-1');
  const today = await serviceToday(api);
  const yesterday = new Date(today);
  yesterday.setUTCDate(today.getUTCDate() - 1);
  const [first, second] = await entries(api, 'aptos', '&ordenarPor=nome');
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'Ana Souza');
  await expect(page.getByTestId('total-lista')).toBeVisible();

  await page.getByRole('checkbox', { name: `Selecionar ${first!.nomeEstudante}` }).check();
  await page.getByRole('checkbox', { name: `Selecionar ${second!.nomeEstudante}` }).check();
  await expect(page.getByTestId('selecionados')).toHaveText('2 estudantes selecionados');
  await page.getByRole('combobox', { name: 'Ação' }).click();
  await page.getByRole('option', { name: 'Trancamento de matrícula' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();

  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByRole('alert')).toBeFocused();
  await expect(dialog.getByRole('alert')).toContainText('Informe uma data real em dd/mm/aaaa');
  await dialog.getByRole('textbox', { name: 'Data do ocorrido' }).fill(ddmmyyyy(yesterday, '/'));
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByTestId('confirmacao-lote')).toContainText(
    'Confirmar: trancamento de matrícula de 2 estudantes?',
  );
  await expect(dialog).toContainText('usa 1 dos semestres de trancamento');
  await expect(dialog).toContainText(first!.nomeEstudante);
  await noSeriousViolations(page);

  // Meanwhile someone locks the second student alone: the bulk lock must refuse it and leave it as it is.
  const alone = await api.post('/s/v3/mais-acoes/trancamento', {
    data: { brbId: second!.brbId, dataOcorrido: ddmmyyyy(yesterday, '-') },
  });
  expect(alone.status(), await alone.text()).toBe(200);
  const before = await listed(api, second!.cpf);

  await dialog.getByRole('button', { name: 'Confirmar para 2 estudantes' }).click();
  await expect(page).toHaveURL(/\/acoes-em-lote\/\d+$/);
  await expect(page.getByTestId('progresso-lote')).toHaveText('2 de 2 processados: 1 feito, 1 recusado.', {
    timeout: 60_000,
  });
  const done = page.getByTestId(`resultado-${first!.brbId}`);
  await expect(done).toContainText('Feito');
  const refused = page.getByTestId(`resultado-${second!.brbId}`);
  await expect(refused).toContainText('Recusado');
  await expect(refused).toContainText(/não é permitida/);
  expect(await listed(api, second!.cpf)).toEqual(before);
  await noSeriousViolations(page);
  await page.screenshot({ path: screenshot('lote-resultado.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar resultado (CSV)' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFEstudante;CPF;brbId;Resultado;Motivo da recusa\r\n')).toBe(true);
  expect(csv).toContain(`${first!.nomeEstudante};${maskCPF(first!.cpf)};${first!.brbId};Feito;`);
  expect(csv).toContain(`;${maskCPF(second!.cpf)};${second!.brbId};Recusado;`);

  await page.getByRole('button', { name: 'Tentar de novo o recusado' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar para 1 estudante' }).click();
  await expect(page.getByTestId('progresso-lote')).toHaveText('1 de 1 processados: 0 feitos, 1 recusado.', {
    timeout: 60_000,
  });
  expect(await listed(api, second!.cpf)).toEqual(before);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('lote-resultado-390.png'), fullPage: true });
  await api.dispose();
});
