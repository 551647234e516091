import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers.ts';

test.describe('Jornadas', () => {
  test('lists the journeys; the next period is offered only when no journey is open, and the API agrees', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const list = (await (await api.get('/s/v2/renovacao/jornadas?tamanho=20')).json()) as {
      total: number;
      itens: { id: number; status: string; ano: number; semestre: number }[];
    };
    const before = list.itens.length;

    await signIn(page, 'Ana Souza', '/jornadas');
    const table = page.getByRole('table', { name: 'Jornadas' });
    await expect(table.locator('tbody tr')).toHaveCount(before);
    await expect(page.getByRole('table', { name: 'Contratos que podem ser inseridos' })).toBeVisible();

    // The demo's IE 1 has its journey open: the next period is not offered while it is, and the
    // API refuses it anyway (409) with a message a person reads: no API path, no code.
    await expect(page.getByTestId('jornada-aberta-aviso')).toContainText('está aberta');
    await expect(page.getByRole('button', { name: /^Abrir \dº semestre de \d{4}$/ })).toHaveCount(0);
    const open = list.itens.find((j) => j.status === 'ABERTA') as unknown as { ano: number; semestre: number };
    const next = open.semestre === 1 ? { ano: open.ano, semestre: 2 } : { ano: open.ano + 1, semestre: 1 };
    const refused = await api.post('/s/v2/renovacao/jornadas/abrir', { data: next });
    expect(refused.status()).toBe(409);
    const problem = (await refused.json()) as { detail: string };
    expect(problem.detail).not.toMatch(/\/s\/|POST|RENOVACAO/);
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
