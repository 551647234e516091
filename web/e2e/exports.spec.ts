import { expect, test } from '@playwright/test';
import { column, csvRows, exportFrom, xlsxRows } from './downloads.ts';
import { apiAs, signIn } from './helpers.ts';

type Item = { brbId: number; nomeEstudante: string; curso: { id: number; nome: string } };

/**
 * "Exportar" on every list: the file holds every row the list's filters select (not only the
 * page), in the list's order; the CSV opens with `;`; the xlsx is a workbook with the same rows.
 */
test.describe('Exportar', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a dashboard tab with a course filter and descending order: CSV and Excel hold exactly its rows', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const first = (await (await api.get('/s/v2/renovacao/aptos?tamanho=1')).json()) as { itens: Item[]; total: number };
    const curso = first.itens[0]!.curso;
    const query = `cursoId=${curso.id}&ordenarPor=nome&ordem=desc`;
    // The list as the API pages it, every page: what the file must hold, in this order.
    const expected: Item[] = [];
    for (let pagina = 1; ; pagina++) {
      const page = (await (await api.get(`/s/v2/renovacao/aptos?${query}&tamanho=100&pagina=${pagina}`)).json()) as {
        itens: Item[];
        totalPaginas: number;
      };
      expected.push(...page.itens);
      if (pagina >= page.totalPaginas) break;
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length, 'the filter narrows the tab').toBeLessThan(first.total);

    await signIn(page, 'Ana Souza', `/?aba=aptos&${query}`);
    await expect(page.getByRole('combobox', { name: 'Curso' })).toHaveValue(curso.nome);
    const menu = page.getByRole('button', { name: 'Exportar a aba Aptos' });

    const csv = await exportFrom(page, menu, 'CSV');
    expect(csv.name).toMatch(/\.csv$/);
    const rows = csvRows(csv);
    const names = column(rows, /estudante|nome/i);
    expect(names).toEqual(expected.map((i) => i.nomeEstudante));
    // Every row is of the filtered course: the filter travelled with the export.
    expect(new Set(column(rows, /curso/i))).toEqual(new Set([curso.nome]));

    const xlsx = await exportFrom(page, menu, 'Excel');
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const sheet = await xlsxRows(xlsx);
    expect(column(sheet, /estudante|nome/i)).toEqual(expected.map((i) => i.nomeEstudante));
    await expect(page.getByText('Gerando o arquivo…')).toHaveCount(0);
    await api.dispose();
  });

  test('journeys and notifications: every row of the list', async ({ page, baseURL }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const journeys = (await (await api.get('/s/v2/renovacao/jornadas?tamanho=100')).json()) as { total: number };
    const history = (await (await api.get('/s/v2/ies/notificacoes/historico?tamanho=100')).json()) as {
      total: number;
      itens: { titulo: string }[];
    };

    await signIn(page, 'Ana Souza', '/jornadas');
    const journeyFile = csvRows(
      await exportFrom(page, page.getByRole('button', { name: 'Exportar as jornadas' }), 'CSV'),
    );
    expect(journeyFile.length - 1).toBe(journeys.total);

    await page.getByRole('link', { name: 'Notificações', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Notificações', level: 1 })).toBeVisible();
    const notes = csvRows(
      await exportFrom(page, page.getByRole('button', { name: 'Exportar as notificações' }), 'CSV'),
    );
    expect(notes.length - 1).toBe(history.total);
    if (history.total > 0) expect(column(notes, /t[íi]tulo/i)[0]).toBe(history.itens[0]!.titulo);
    await api.dispose();
  });

  test('a failed export says so in Portuguese and the menu works again', async ({ page }) => {
    await signIn(page, 'Ana Souza', '/jornadas');
    await page.route('**/s/v2/renovacao/jornadas?*formato=csv*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 503, detail: 'Serviço indisponível. Tente de novo em instantes.' }),
      }),
    );
    const menu = page.getByRole('button', { name: 'Exportar as jornadas' });
    await menu.click();
    await page.getByRole('menuitem', { name: /^CSV/ }).click();
    await expect(page.getByRole('alert')).toContainText('Não foi possível exportar');
    await expect(page.getByRole('alert')).toContainText('Serviço indisponível');
    await expect(menu).toBeEnabled();
  });
});
