import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, signIn } from './helpers.ts';

async function noSeriousViolations(page: Page, screen: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[role="status"][aria-live]')).toHaveCount(0, { timeout: 20_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('Preferências e convênios', () => {
  test.describe.configure({ timeout: 180_000 });

  test('preferências: the default IE group and the e-mail preference are saved through the API', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const groups = (await (await api.get('/s/v2/renovacao/jornadas/groups')).json()) as { id: number; nome: string }[];
    const group = groups[0]!;
    await signIn(page, 'Ana Souza', '/preferencias');
    await expect(page.getByRole('heading', { name: 'Preferências', level: 1 })).toBeVisible();
    await expect(page.getByTestId('email-status')).toBeVisible();
    await noSeriousViolations(page, '/preferencias');

    await page.getByLabel('Grupo de IEs', { exact: true }).selectOption(String(group.id));
    await page.getByRole('button', { name: 'Salvar grupo padrão' }).click();
    await expect(page.getByTestId('grupo-atual')).toHaveText(`Atual: ${group.nome}`);
    const stored = await (await api.get('/s/v1/contrato/mais-acoes/obter-preferencia-grupoie')).json();
    expect(stored.grupoIe.id).toBe(group.id);

    const email = page.getByRole('textbox', { name: 'E-mail' });
    await email.fill('ana@');
    await page.getByRole('button', { name: 'Salvar e-mail' }).click();
    await expect(page.getByText('Informe um e-mail válido.')).toBeVisible();
    expect((await (await api.get('/s/v2/preferencias/email')).json()).ativo).toBe(false);
    await email.fill('ana.souza@unihsl.edu.br');
    await page.getByRole('checkbox', { name: 'Renovação finalizada' }).check();
    await page.getByRole('button', { name: 'Salvar e-mail' }).click();
    // The demo has no SMTP server: the preference is kept, and the screen says nothing is sent yet.
    await expect(page.getByTestId('email-sem-smtp')).toBeVisible();
    await expect(page.getByTestId('email-status')).toHaveText(
      'Salvo para ana.souza@unihsl.edu.br, mas nada é enviado enquanto o e-mail não estiver configurado.',
    );
    const saved = await (await api.get('/s/v2/preferencias/email')).json();
    expect(saved).toMatchObject({ ativo: true, email: 'ana.souza@unihsl.edu.br', tipos: ['RENOVACAO_FINALIZADA'] });

    await page.getByRole('button', { name: 'Parar de receber e-mails' }).click();
    await expect(page.getByTestId('email-status')).toHaveText('Desativado: nenhuma notificação por e-mail.');
    expect((await (await api.get('/s/v2/preferencias/email')).json()).ativo).toBe(false);
    await api.dispose();
  });

  test('convênios: the list with rate and limits, and choosing the default', async ({ page, baseURL }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const list = (await (await api.get('/s/v1/beta/convenios')).json()) as {
      id: number;
      nome: string;
      ativo: boolean;
    }[];
    expect(list.length).toBeGreaterThan(0);
    const target = list.find((c) => c.ativo)!;
    await signIn(page, 'Ana Souza', '/convenios');
    const row = page.getByTestId(`convenio-${target.id}`);
    await expect(row).toContainText(target.nome);
    await expect(page.getByRole('table', { name: 'Convênios' }).locator('tbody tr')).toHaveCount(list.length);
    await noSeriousViolations(page, '/convenios');

    await row.getByRole('button', { name: `Tornar padrão: ${target.nome}` }).click();
    await expect(page.getByTestId('convenio-padrao')).toHaveText(`Convênio padrão: ${target.nome}.`);
    await expect(row).toContainText('Padrão');
    expect((await (await api.get('/s/v1/beta/convenios/obter-preferencia-grupoie')).json()).convenio.id).toBe(
      target.id,
    );

    await page.getByRole('button', { name: 'Remover convênio padrão' }).click();
    await expect(page.getByTestId('convenio-padrao')).toHaveText('Sem convênio padrão.');
    expect((await (await api.get('/s/v1/beta/convenios/obter-preferencia-grupoie')).json()).convenio).toBeNull();
    await api.dispose();
  });
});
