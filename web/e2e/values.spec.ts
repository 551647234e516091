import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiAs, entries, signIn } from './helpers.ts';

test.describe('Valores', () => {
  test('uploads a sheet with one good and one bad row, reads the errors and downloads the rows with errors', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const aptos = await entries(api, 'aptos', '&ordem=desc');
    const [good, bad] = [aptos[0]!, aptos[1]!];
    // 5.000,00 × 50% = 2.500,00 in 6 installments: a valid row. 9 installments in a semester: refused.
    const csv = [
      'brbId;qtdParcelasCobertura;valorContrato;valorCtrPrestServico;percentualConcedido',
      `${good.brbId};6;2500,00;5000,00;50`,
      `${bad.brbId};9;2500,00;5000,00;50`,
    ].join('\n');

    await signIn(page, 'Ana Souza', '/valores');
    await expect(page.getByRole('heading', { name: 'Valores', level: 1 })).toBeVisible();
    // Mantine's FileInput is a button opening the file chooser, as a person uses it.
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('Planilha de valores').click();
    await (await chooser).setFiles({
      name: 'valores-e2e.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    const answer = page.waitForResponse((r) => r.url().endsWith('/s/v1/contrato/valores/importar-lote'));
    await page.getByRole('button', { name: 'Importar' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);

    const result = page.getByTestId('resultado-lote');
    await expect(result).toContainText('2 linhas lidas: 1 aceitas, 1 com erro');
    const errors = page.getByTestId('linhas-com-erro');
    await expect(errors.locator('tbody tr').first()).toContainText('3');
    await expect(errors.locator('tbody tr').first()).toContainText(String(bad.brbId));
    await expect(errors.locator('tbody tr').first()).toContainText('Parcelas cobertas');
    await expect(errors.locator('tbody tr', { hasText: String(good.brbId) })).toHaveCount(0);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar linhas com erro (CSV)' }).click();
    const download = await downloading;
    const text = (await (await download.createReadStream()).toArray()).join('');
    expect(text).toContain(String(bad.brbId));
    expect(text).not.toContain(String(good.brbId));

    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await api.dispose();
  });

  test('downloads the template', async ({ page }) => {
    await signIn(page, 'Ana Souza', '/valores');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar modelo (CSV)' }).click();
    const download = await downloading;
    const text = (await (await download.createReadStream()).toArray()).join('');
    expect(text).toMatch(/brbId/);
  });

  test('downloads the pre-filled sheet: one line per APTO student', async ({ page, baseURL }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const aptos = await entries(api, 'aptos', '&ordem=desc');
    await signIn(page, 'Ana Souza', '/valores');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar planilha preenchida (CSV)' }).click();
    const text = (await (await (await downloading).createReadStream()).toArray()).join('');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/brbId/);
    const ids = lines.slice(1).map((line) => line.split(/[;,]/)[0]!.replace(/"/g, ''));
    for (const e of aptos.slice(0, 5)) expect(ids).toContain(String(e.brbId));
    await api.dispose();
  });
});
