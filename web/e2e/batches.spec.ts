import { expect, test } from '@playwright/test';
import { noSeriousViolations, noSidewaysScroll } from './checks.ts';
import { column, csvRows, exportFrom } from './downloads.ts';
import { apiAs, entries, screenshot, signIn } from './helpers.ts';

const valores = (brbId: number, percentualConcedido = 50) => ({
  brbId,
  qtdParcelasCobertura: 6,
  valorCtrPrestServico: 5000,
  percentualConcedido,
  valorContrato: 2500,
});

const quoted = (v: string) => `"${v.replace(/"/g, '""')}"`;

test.describe('Meus lotes', () => {
  test.describe.configure({ timeout: 180_000 });

  test('list, rows, refused rows download, re-send of the corrected rows; tenancy', async ({ page, baseURL }) => {
    const ie = await apiAs(baseURL!, 'ie-1');
    const operator = await apiAs(baseURL!, 'operador');
    const aptos = await entries(ie, 'aptos', '&ordem=desc');
    const [accepted, refused, wrong] = aptos.slice(10, 13).map((e) => e.brbId) as [number, number, number];
    // Three rows: one waiting for the foundation, one it refuses, one with an error (120%).
    const sent = await ie.post('/s/v3/mais-acoes/enviar-valores', {
      data: { valores: [valores(accepted), valores(refused), valores(wrong, 120)] },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const loteId = (await sent.json()).lote as number;
    const rejected = await operator.post(`/s/operador/lotes/${loteId}/recusar`, {
      data: { linhas: [2], motivo: 'Percentual diverge do contrato' },
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
    // IE 2's batch: never in IE 1's list, and its page is "not found".
    const ie2 = await apiAs(baseURL!, 'ie-2');
    const theirStudent = (await entries(ie2, 'aptos'))[0]!.brbId;
    const theirs = await ie2.post('/s/v3/mais-acoes/enviar-valores', { data: { valores: [valores(theirStudent)] } });
    expect(theirs.status(), await theirs.text()).toBe(200);
    const theirLote = (await theirs.json()).lote as number;
    const mine = (await (await ie.get('/s/lotes?tamanho=100')).json()).itens as { loteId: number }[];
    expect(mine.map((b) => b.loteId)).not.toContain(theirLote);
    expect((await ie.get(`/s/lotes/${theirLote}`)).status()).toBe(404);

    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'Ana Souza');
    await page.getByRole('link', { name: 'Meus lotes' }).click();
    await expect(page.getByRole('heading', { name: 'Meus lotes', level: 1 })).toBeVisible();
    const line = page.getByTestId('lista-lotes').getByRole('row', { name: new RegExp(`Lote ${loteId}\\b`) });
    await expect(line).toContainText('Ana Souza');
    await expect(line).toContainText('Envio pelo portal');
    // One row still waits for the foundation.
    await expect(line).toContainText('Em processamento');
    await expect(page.getByTestId('lista-lotes').getByRole('link', { name: `Lote ${theirLote}` })).toHaveCount(0);
    await noSeriousViolations(page);
    await page.screenshot({ path: test.info().outputPath('lotes-lista.png') });

    // The batches list as a file: every batch of the list, newest first.
    const listFile = csvRows(await exportFrom(page, page.getByRole('button', { name: 'Exportar os lotes' }), 'CSV'));
    expect(listFile.length - 1).toBe(mine.length);
    expect(listFile[1]!.join(';')).toContain(String(mine[0]!.loteId));

    await line.getByRole('link', { name: `Lote ${loteId}` }).click();
    await expect(page.getByRole('heading', { name: `Lote ${loteId}`, level: 1 })).toBeVisible();
    const rows = page.getByTestId('linhas-lote');
    await expect(rows.locator('tbody tr')).toHaveCount(3);
    await expect(rows.getByRole('row', { name: /^2 / })).toContainText('Recusada pela Fundação');
    await expect(rows.getByRole('row', { name: /^2 / })).toContainText('Percentual diverge do contrato');
    await expect(rows.getByRole('row', { name: /^3 / })).toContainText('Com erro');
    await expect(rows.getByRole('row', { name: /^3 / })).toContainText('Percentual concedido:');
    await page.getByRole('radiogroup', { name: 'Mostrar linhas' }).getByText('Com erro').click();
    await expect(rows.locator('tbody tr')).toHaveCount(1);
    await expect(rows).toContainText(String(wrong));
    // The rows as a file keep the outcome filter: only the row with an error.
    const rowsFile = csvRows(
      await exportFrom(page, page.getByRole('button', { name: `Exportar as linhas do lote ${loteId}` }), 'CSV'),
    );
    expect(column(rowsFile, /brbId/i).map(Number)).toEqual([wrong]);
    await noSeriousViolations(page);
    await page.screenshot({ path: screenshot('lotes.png'), fullPage: true });

    // The refused rows as the values sheet: the foundation's refusal and the row with an error.
    const sheet = await exportFrom(
      page,
      page.getByRole('button', { name: `Baixar linhas recusadas do lote ${loteId}` }),
      'CSV',
    );
    const refusedRows = csvRows(sheet);
    const ids = column(refusedRows, /brbId/i).map(Number);
    expect(ids).toEqual([refused, wrong]);

    // Corrected as a person would (the refused percentual is empty: 50), uploaded as a new batch.
    const percentual = refusedRows[0]!.findIndex((h) => /percentual/i.test(h));
    const fixed = refusedRows.map((r, i) => (i === 0 ? r : r.map((v, j) => (j === percentual ? '50' : v))));
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('Planilha corrigida').click();
    await (await chooser).setFiles({
      name: 'corrigida.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${fixed.map((r) => r.map(quoted).join(';')).join('\r\n')}\r\n`, 'utf8'),
    });
    await page.getByRole('button', { name: 'Reenviar linhas corrigidas' }).click();
    const result = page.getByTestId('resultado-reenvio');
    await expect(result).toContainText('2 linhas lidas: 2 aceitas, 0 com erro', { timeout: 60_000 });
    // Through the API: both students are now waiting for the foundation.
    for (const brbId of [refused, wrong]) {
      const state = await ie.post('/s/v1/contrato/mais-acoes/dados-complementares', { data: { brbId } });
      expect((await state.json()).situacao).toBe('EM_PROCESSAMENTO');
    }
    await result.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Lote \d+$/);
    await expect(page.getByTestId('linhas-lote').locator('tbody tr')).toHaveCount(2);

    // Phone: the batch page fits the width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/lotes/${loteId}`);
    await expect(page.getByRole('heading', { name: `Lote ${loteId}`, level: 1 })).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('lote-390.png'), fullPage: true });

    // Another IE's batch id: a Portuguese "not found" page.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/lotes/${theirLote}`);
    await expect(page.getByRole('heading', { name: 'Lote não encontrado', level: 1 })).toBeVisible();
    await expect(page.getByText('não existe ou não é da sua IE')).toBeVisible();
    await Promise.all([ie.dispose(), ie2.dispose(), operator.dispose()]);
  });
});
