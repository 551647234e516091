import { expect, test } from '@playwright/test';
import { noSeriousViolations, noSidewaysScroll } from './checks.ts';
import { column, csvRows, exportFrom } from './downloads.ts';
import { apiAs, entries, screenshot, signIn } from './helpers.ts';

type Entry = Awaited<ReturnType<typeof entries>>[number];

/** Today in São Paulo as dd/mm/aaaa, the way a person types it. */
const today = () =>
  new Date().toLocaleDateString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });

test.describe('Auditoria', () => {
  test.describe.configure({ timeout: 180_000 });

  test('filters by person, action, student and period; pages; exports what is filtered; IE 2 stays out', async ({
    page,
    baseURL,
  }) => {
    const ie = await apiAs(baseURL!, 'ie-1');
    const [student, second] = (await entries(ie, 'aptos', '&ordem=desc')).slice(20, 22) as [Entry, Entry];
    const done = await ie.post('/s/v3/mais-acoes/inativar-estudante', {
      data: { brbId: student.brbId, motivo: 'Estudante pediu transferência' },
    });
    expect(done.status(), await done.text()).toBe(200);
    const ie2 = await apiAs(baseURL!, 'ie-2');
    const theirs = (await entries(ie2, 'aptos'))[5]!;
    expect(
      (
        await ie2.post('/s/v3/mais-acoes/inativar-estudante', { data: { brbId: theirs.brbId, motivo: 'Transferido' } })
      ).status(),
    ).toBe(200);
    // What the filters must find, through the API: exactly the one inactivation.
    const expected = (await (
      await ie.get(`/s/auditoria?brbId=${student.brbId}&operacao=inactivateStudent`)
    ).json()) as {
      total: number;
    };
    expect(expected.total).toBe(1);

    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'Ana Souza');
    await page.getByRole('link', { name: 'Auditoria' }).click();
    await expect(page.getByRole('heading', { name: 'Auditoria', level: 1 })).toBeVisible();
    await expect(page.getByTestId('lista-auditoria')).toBeVisible();
    // IE 2's person is not offered to IE 1.
    await page
      .getByRole('textbox', { name: 'Pessoa' })
      .or(page.getByRole('combobox', { name: 'Pessoa' }))
      .click();
    await expect(page.getByRole('option', { name: 'Ana Souza' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Bruno Lima' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Ana Souza' }).click();
    await page.getByRole('combobox', { name: 'Ação' }).click();
    await page.getByRole('option', { name: 'Inativação' }).click();
    await page
      .getByRole('textbox', { name: 'Estudante' })
      .or(page.getByRole('combobox', { name: 'Estudante' }))
      .fill(String(student.brbId));
    await page.getByRole('textbox', { name: 'De' }).fill('31/02/2026');
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    // A date that does not exist: the error beside the field and in the summary, which takes focus.
    const summary = page.getByRole('alert').filter({ hasText: 'Corrija os filtros' });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('data inicial');
    await page.getByRole('textbox', { name: 'De' }).fill(today());
    await page.getByRole('textbox', { name: 'Até' }).fill(today());
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();

    const table = page.getByTestId('lista-auditoria');
    await expect(page.getByTestId('total-auditoria')).toHaveText('1 registro');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table).toContainText('Inativação');
    await expect(table).toContainText('Ana Souza');
    await expect(table).toContainText(`brbId ${student.brbId}`);
    await expect(table).toContainText('Efetivada');
    await noSeriousViolations(page);
    await page.screenshot({ path: screenshot('auditoria.png'), fullPage: true });

    // The export keeps the filters: the one row.
    const file = csvRows(await exportFrom(page, page.getByRole('button', { name: 'Exportar a auditoria' }), 'CSV'));
    expect(file.length - 1).toBe(1);
    expect(column(file, /brbId|estudante/i)).toEqual([String(student.brbId)]);

    // No filter but the period: paging over every row of today, IE 2's never among them.
    const other = await ie.post('/s/v3/mais-acoes/enviar-valores', {
      data: {
        valores: [
          {
            brbId: second.brbId,
            qtdParcelasCobertura: 6,
            valorCtrPrestServico: 5000,
            percentualConcedido: 50,
            valorContrato: 2500,
          },
        ],
      },
    });
    expect(other.status(), await other.text()).toBe(200);
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page).toHaveURL(/\/auditoria$/);
    const all = (await (await ie.get('/s/auditoria')).json()) as { total: number };
    expect(all.total).toBeGreaterThan(1);
    await expect(page.getByTestId('total-auditoria')).toHaveText(`${all.total.toLocaleString('pt-BR')} registros`);
    await expect(table).not.toContainText('Bruno Lima');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'Auditoria', level: 1 })).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('auditoria-390.png'), fullPage: true });
    await Promise.all([ie.dispose(), ie2.dispose()]);
  });
});
