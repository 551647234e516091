import { expect, test } from '@playwright/test';
import { TABS } from '../src/lib/labels.ts';
import { apiAs, counter, entries, listTotal, maskCPF, signIn, stripAccents } from './helpers.ts';

test.describe('Painel', () => {
  test('signs in as IE 1 and each tab counter equals its list total', async ({ page }) => {
    await signIn(page, 'Ana Souza');
    await expect(page.getByRole('heading', { name: 'Painel de renovação' })).toBeVisible();
    await expect(page.getByTestId('jornada-atual')).toBeVisible();
    for (const tab of TABS) {
      await page.getByTestId(`aba-${tab}`).click();
      await expect(page.getByTestId(`aba-${tab}`)).toHaveAttribute('aria-selected', 'true');
      const expected = await counter(page, tab);
      if (expected === 0) {
        await expect(page.getByText('Nenhum estudante nesta aba')).toBeVisible();
      } else {
        await expect(page.getByTestId('total-lista')).toContainText(`de ${expected.toLocaleString('pt-BR')}`);
        expect(await listTotal(page)).toBe(expected);
      }
    }
  });

  test('filters by course, sorts by name and pages', async ({ page }) => {
    await signIn(page, 'Ana Souza');
    const all = await counter(page, 'aptos');
    await expect(page.getByTestId('total-lista')).toContainText(`de ${all.toLocaleString('pt-BR')}`);

    await page.getByRole('combobox', { name: 'Curso' }).click();
    const option = page.getByRole('option').first();
    const course = (await option.textContent()) ?? '';
    await option.click();
    await expect(page).toHaveURL(/cursoId=/);
    await expect.poll(() => listTotal(page)).toBeLessThan(all);
    const courses = await page.locator('tbody tr td:nth-child(5)').allTextContents();
    expect(courses.length).toBeGreaterThan(0);
    for (const c of courses) expect(c).toBe(course);

    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => listTotal(page)).toBe(all);

    const names = () => page.locator('tbody tr td:nth-child(2)').allTextContents();
    await page.getByRole('button', { name: /^Estudante/ }).click();
    await expect(page.getByRole('columnheader', { name: /Estudante/ })).toHaveAttribute('aria-sort', 'descending');
    // The previous page stays on screen (marked aria-busy) until the sorted one arrives.
    const settled = () => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await settled();
    const desc = await names();
    expect([...desc].sort((a, b) => b.localeCompare(a, 'pt-BR'))[0]).toBe(desc[0]);

    await page.getByRole('button', { name: 'Página 2' }).click();
    await expect(page.getByTestId('total-lista')).toContainText('Mostrando 21–40');
    await expect(page).toHaveURL(/pagina=2/);
    await settled();
    expect(await names()).not.toEqual(desc);
  });

  test('finds a student by name without accents and by masked CPF', async ({ page, baseURL }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const pool = await entries(api, 'aptos');
    const accented = pool.find((e) => stripAccents(e.nomeEstudante) !== e.nomeEstudante) ?? pool[0]!;
    await signIn(page, 'Ana Souza');

    const search = page.getByRole('combobox', { name: 'Buscar estudante' });
    await search.fill(stripAccents(accented.nomeEstudante).toLowerCase());
    await page.getByRole('option', { name: new RegExp(maskCPF(accented.cpf).replace(/\./g, '\\.')) }).click();
    await expect(page).toHaveURL(new RegExp(`/contrato/${accented.brbId}$`));
    await expect(page.getByRole('heading', { level: 1, name: accented.nomeEstudante })).toBeVisible();

    const other = pool[1]!;
    await page.getByRole('link', { name: '← Voltar ao painel' }).click();
    await search.fill(maskCPF(other.cpf));
    await page.getByRole('option', { name: new RegExp(other.nomeEstudante) }).click();
    await expect(page.getByRole('heading', { level: 1, name: other.nomeEstudante })).toBeVisible();
    await api.dispose();
  });

  test('works with the keyboard alone', async ({ page }) => {
    await signIn(page, 'Ana Souza');
    await expect(page.getByTestId('total-lista')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Pular para o conteúdo' })).toBeFocused();
    await page.keyboard.press('Enter');
    // From the main content: reach the tabs, move between them with the arrows.
    const aptos = page.getByTestId('aba-aptos');
    for (let i = 0; i < 20 && !(await aptos.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(aptos).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('aba-em-processamento')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/aba=em-processamento/);
    // On to the first student of the list, and open it.
    const first = page.locator('tbody tr').first().getByRole('link');
    for (let i = 0; i < 40 && !(await first.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    const name = (await first.textContent()) ?? '';
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('the journey switcher shows a closed journey with its own counters', async ({ page, baseURL }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const journeys = (await (await api.get('/s/v2/renovacao/jornadas?tamanho=100')).json()).itens as {
      id: number;
      ano: number;
      semestre: number;
      status: string;
    }[];
    const closed = journeys.find((j) => j.status !== 'ABERTA');
    expect(closed, 'IE 1 has a closed journey in the demo').toBeTruthy();
    const counts = (await (await api.get(`/s/v2/renovacao/dashboard/contadores?journeyId=${closed!.id}`)).json())
      .abas as { aba: string; total: number }[];

    await signIn(page, 'Ana Souza');
    await expect(page.getByTestId('jornada-atual')).toContainText('Aberta');
    await page.getByRole('combobox', { name: 'Jornada' }).click();
    await page.getByRole('option', { name: new RegExp(`^${closed!.semestre}º semestre de ${closed!.ano}`) }).click();
    await expect(page).toHaveURL(new RegExp(`jornada=${closed!.id}`));
    await expect(page.getByTestId('jornada-atual')).toContainText(`${closed!.semestre}º semestre de ${closed!.ano}`);
    await expect(page.getByTestId('jornada-atual')).toContainText('Encerrada');
    for (const tab of TABS) {
      expect(await counter(page, tab)).toBe(counts.find((c) => c.aba === tab)?.total ?? 0);
    }
    await api.dispose();
  });
});

test.describe('Painel: its first reads', () => {
  test('opening a filtered page asks each of its reads once, the list with the URL’s tab, filters and page', async ({
    page,
  }) => {
    await signIn(page, 'Ana Souza', '/valores');
    const asked: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/s/')) asked.push(url);
    });
    // A fresh load of the page (the reads start while its code loads), not a click inside the portal.
    await page.goto('/?aba=em-processamento&situacao=EM_PROCESSAMENTO&ordenarPor=nome&ordem=desc');
    await expect(page.getByTestId('aba-em-processamento')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('contador-aptos')).toHaveText(/\(\d/);
    await expect(page.locator('table[aria-label="Estudantes da aba"] tbody tr').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const paths = asked.map((url) => url.pathname);
    for (const read of [
      '/s/sessao',
      '/s/sessao/configuracao',
      '/s/v2/renovacao/filtros',
      '/s/v2/renovacao/dashboard/contadores',
      '/s/v3/renovacao/carousel',
      '/s/v2/ies/notificacoes',
      '/s/v2/renovacao/em-processamento',
    ])
      expect(
        paths.filter((p) => p === read),
        read,
      ).toHaveLength(1);
    const list = asked.find((url) => url.pathname === '/s/v2/renovacao/em-processamento')!;
    expect(Object.fromEntries(list.searchParams)).toEqual({
      situacao: 'EM_PROCESSAMENTO',
      ordenarPor: 'nome',
      ordem: 'desc',
      pagina: '1',
      tamanho: '20',
    });
    expect(paths.filter((p) => /^\/s\/v2\/renovacao\/(aptos|sem-renovacao|finalizados)$/.test(p))).toEqual([]);
  });

  test('without a session the dashboard sends the visitor to sign-in, with no "session expired" notice', async ({
    page,
  }) => {
    await page.goto('/?aba=aptos');
    await expect(page).toHaveURL(/\/entrar\?volta=/);
    await expect(page.getByRole('button', { name: /Ana Souza/ })).toBeVisible();
    await expect(page.getByText('Sua sessão expirou')).toHaveCount(0);
  });
});
