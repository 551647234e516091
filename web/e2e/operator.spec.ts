import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, entries, signIn } from './helpers.ts';

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

async function noSeriousViolations(page: Page, screen: string) {
  await expect(page.locator('[role="status"][aria-live]')).toHaveCount(0, { timeout: 20_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('Fundação', () => {
  test.describe.configure({ timeout: 180_000 });

  test('accepts a batch sent by IE 1, records the signature, and IE 1 sees it finalized', async ({ page, baseURL }) => {
    // IE 1 sends values for one of its APTO students: a batch waiting for the foundation.
    const ie = await apiAs(baseURL!, 'ie-1');
    const student = (await entries(ie, 'aptos', '&ordem=desc'))[0]!;
    const sent = await ie.post('/s/v2/contrato/valores/enviar', {
      data: {
        valores: [
          {
            brbId: student.brbId,
            nomeEstudante: student.nomeEstudante,
            qtdParcelasCobertura: 6,
            valorCtrPrestServico: 9000,
            percentualConcedido: 50,
            valorContrato: 4500,
          },
        ],
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const { lote } = (await sent.json()) as { lote: number };

    await signIn(page, 'Carla Operadora', '/fundacao');
    await expect(page.getByRole('heading', { name: 'Fundação', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Lotes a processar' })).toHaveAttribute('aria-selected', 'true');
    await noSeriousViolations(page, '/fundacao (lotes)');
    await page.getByRole('button', { name: `Abrir lote ${lote}` }).click();
    const batch = page.getByRole('region', { name: `Lote ${lote}` });
    await expect(batch.getByRole('table', { name: `Linhas aguardando do lote ${lote}` })).toContainText(
      String(student.brbId),
    );
    await expect(batch.getByRole('table')).toContainText('R$ 4.500,00');
    await noSeriousViolations(page, '/fundacao (lote aberto)');
    await batch.getByRole('button', { name: 'Aceitar todas' }).click();
    await expect(batch.getByTestId('decisao-lote')).toHaveText('1 linha aceita; 0 linhas aguardando.');
    await expect(batch.getByText('Nenhuma linha deste lote aguarda decisão.')).toBeVisible();

    // The accepted student now waits for the signature.
    await page.getByRole('tab', { name: 'Assinaturas pendentes' }).click();
    await page.getByLabel('Buscar estudante').fill(student.cpf);
    const row = page.getByTestId(`assinatura-${student.brbId}`);
    await expect(row).toContainText(student.nomeEstudante);
    await expect(row).toContainText('R$ 4.500,00');
    await noSeriousViolations(page, '/fundacao (assinaturas)');
    await row.getByRole('button', { name: `Registrar assinatura de ${student.nomeEstudante}` }).click();
    await expect(page.getByTestId('assinatura-registrada')).toHaveText(
      `Assinatura de ${student.nomeEstudante} registrada: renovação finalizada.`,
    );
    await expect(row).toHaveCount(0);

    // IE 1 sees the renewal finalized.
    await page.context().clearCookies();
    await signIn(page, 'Ana Souza', `/contrato/${student.brbId}`);
    await expect(page.getByTestId('situacao')).toHaveText('Finalizado');
    await ie.dispose();
  });

  test('rejecting needs a reason, and the rows go back to the IE', async ({ page, baseURL }) => {
    const ie = await apiAs(baseURL!, 'ie-1');
    const student = (await entries(ie, 'aptos', '&ordem=desc'))[0]!;
    const sent = await ie.post('/s/v2/contrato/valores/enviar', {
      data: {
        valores: [
          {
            brbId: student.brbId,
            nomeEstudante: student.nomeEstudante,
            qtdParcelasCobertura: 6,
            valorCtrPrestServico: 8000,
            percentualConcedido: 50,
            valorContrato: 4000,
          },
        ],
      },
    });
    expect(sent.status()).toBe(200);
    const { lote } = (await sent.json()) as { lote: number };
    await signIn(page, 'Carla Operadora', '/fundacao');
    await page.getByRole('button', { name: `Abrir lote ${lote}` }).click();
    const batch = page.getByRole('region', { name: `Lote ${lote}` });
    await batch.getByRole('checkbox', { name: 'Selecionar linha 1' }).check();
    await batch.getByRole('button', { name: 'Recusar 1 linha selecionada' }).click();
    await expect(batch.getByText('Informe o motivo da recusa.')).toBeVisible();
    await batch.getByLabel('Motivo da recusa').fill('Percentual divergente do contrato');
    await batch.getByRole('button', { name: 'Recusar 1 linha selecionada' }).click();
    await expect(batch.getByTestId('decisao-lote')).toHaveText('1 linha recusada; 0 linhas aguardando.');
    const entry = await ie.get(`/s/v2/status-contrato/${student.brbId}/brb-id`);
    expect((await entry.json()).situacao).toBe('APTO');
    await ie.dispose();
  });

  test('the monthly transfer shows the totals the API computes; closing the current month is refused', async ({
    page,
    baseURL,
  }) => {
    const op = await apiAs(baseURL!, 'operador');
    const now = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }).split('/');
    const competencia = `${now[2]}-${now[1]}`;
    const transfer = await (await op.get(`/s/v2/repasse/${competencia}`)).json();

    await signIn(page, 'Carla Operadora', '/fundacao');
    await page.getByRole('tab', { name: 'Repasse mensal' }).click();
    await expect(page.getByLabel('Competência')).toHaveValue(`${now[1]}/${now[2]}`);
    const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
    await expect(page.getByTestId('total-A repassar')).toHaveText(nbsp(BRL.format(transfer.totais.aRepassar)));
    await expect(page.getByTestId('total-Taxa retida')).toHaveText(nbsp(BRL.format(transfer.totais.taxa)));
    await expect(page.getByTestId('total-Pagamentos')).toHaveText(String(transfer.totais.quantidade));
    await expect(page.getByTestId('status-repasse')).toHaveText('Aberto');
    await noSeriousViolations(page, '/fundacao (repasse)');

    await page.getByRole('button', { name: 'Fechar o mês' }).click();
    const answer = page.waitForResponse((r) => r.url().includes(`/repasses/${competencia}/fechar`));
    await page.getByRole('button', { name: 'Confirmar fechamento' }).click();
    const response = await answer;
    expect(response.status()).toBe(422);
    await expect(page.getByRole('alert')).toHaveText((await response.json()).detail);
    await expect(page.getByTestId('status-repasse')).toHaveText('Aberto');
    expect((await (await op.get(`/s/v2/repasse/${competencia}`)).json()).fechado).toBe(false);

    // An earlier month opens by typing it.
    await page.getByLabel('Competência').fill('01/2026');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByText('Repasse de 01/2026')).toBeVisible();
    await page.getByRole('tab', { name: 'Pagamentos de restituição' }).click();
    await expect(page.getByRole('heading', { name: 'Registrar pagamento de restituição' })).toBeVisible();
    await noSeriousViolations(page, '/fundacao (pagamentos)');
    await page.getByRole('button', { name: 'Registrar pagamento' }).click();
    await expect(page.getByText('Informe o número do contrato.')).toBeVisible();
    await op.dispose();
  });
});
