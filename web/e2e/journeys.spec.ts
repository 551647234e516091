import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers.ts';

test.describe('Jornadas', () => {
  test("lists the journeys; opening a period the rules do not allow shows the API's message", async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const list = (await (await api.get('/s/v2/renovacao/jornadas?tamanho=20')).json()) as {
      total: number;
      itens: { id: number; status: string }[];
    };
    const before = list.itens.length;

    await signIn(page, 'Ana Souza', '/jornadas');
    const table = page.getByRole('table', { name: 'Jornadas' });
    await expect(table.locator('tbody tr')).toHaveCount(before);
    await expect(page.getByRole('table', { name: 'Contratos que podem ser inseridos' })).toBeVisible();

    // The demo's IE 1 has its journey open: another is refused (409), with the API's reason.
    await page.getByRole('button', { name: /^Abrir \dº semestre de \d{4}$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Abrir o próximo período' });
    await expect(dialog).toBeVisible();
    const answer = page.waitForResponse((r) => r.url().endsWith('/s/v2/renovacao/jornadas/abrir'));
    await dialog.getByRole('button', { name: 'Abrir' }).click();
    const response = await answer;
    expect(response.status()).toBe(409);
    const problem = await response.json();
    await expect(page.getByTestId('erro-jornada')).toHaveText(problem.detail);
    await expect(table.locator('tbody tr')).toHaveCount(before);

    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await api.dispose();
  });

  test('inserts a beneficiary found by name; the student is in the journey, the counters grow', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const journeys = (await (await api.get('/s/v2/renovacao/jornadas?tamanho=20')).json()).itens as {
      id: number;
      status: string;
    }[];
    const open = journeys.find((j) => j.status === 'ABERTA')!;
    const candidates = (await (await api.get(`/s/v1/insere-jornada?journeyId=${open.id}&tamanho=10`)).json()) as {
      total: number;
      itens: { contratoId: number; nomeEstudante: string }[];
    };
    // Before the refresh below, which brings every active contract into the open journey.
    expect(candidates.total, 'active contracts outside the open journey in the demo').toBeGreaterThan(0);
    const target = candidates.itens[0]!;
    const total = async () =>
      (await (await api.get(`/s/v2/renovacao/dashboard/contadores?journeyId=${open.id}`)).json()).total as number;
    const before = await total();

    await signIn(page, 'Ana Souza', '/jornadas');
    await page.getByRole('textbox', { name: 'Buscar contrato ativo' }).fill(target.nomeEstudante);
    const table = page.getByRole('table', { name: 'Contratos que podem ser inseridos' });
    await table
      .getByRole('button', { name: `Inserir ${target.nomeEstudante}` })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Inserir na jornada' }).getByRole('button', { name: 'Inserir' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Incluído na jornada' })).toBeVisible();
    expect(await total()).toBe(before + 1);
    const after = (await (await api.get(`/s/v1/insere-jornada?journeyId=${open.id}&tamanho=100`)).json()).itens as {
      contratoId: number;
    }[];
    expect(after.some((c) => c.contratoId === target.contratoId)).toBe(false);
    await api.dispose();
  });

  test('refreshing asks for confirmation, then says how many students came in', async ({ page }) => {
    await signIn(page, 'Ana Souza', '/jornadas');
    await page.getByRole('button', { name: 'Atualizar estudantes' }).click();
    await page
      .getByRole('dialog', { name: 'Atualizar a jornada aberta' })
      .getByRole('button', { name: 'Atualizar' })
      .click();
    await expect(page.getByTestId('resultado-atualizacao')).toHaveText(/estudante|Nenhum/);
  });
});
