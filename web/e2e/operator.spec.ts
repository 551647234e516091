import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs, entries, screenshot, signIn } from './helpers.ts';

/** Issue 22, items 1–4: the foundation's back office as a new operator (Carla Operadora) uses it. */

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
const BRL = (n: number) => nbsp(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(n));

async function noSeriousViolations(page: Page, screen: string) {
  await expect(page.locator('[role="status"][aria-live]')).toHaveCount(0, { timeout: 20_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** IE 1 sends values for `n` of its APTO students: a batch of `n` rows waiting for the foundation. */
async function batchOf(ie: APIRequestContext, n: number) {
  const students = (await entries(ie, 'aptos', '&ordem=desc')).slice(0, n);
  const sent = await ie.post('/s/v2/contrato/valores/enviar', {
    data: {
      valores: students.map((s) => ({
        brbId: s.brbId,
        nomeEstudante: s.nomeEstudante,
        qtdParcelasCobertura: 6,
        valorCtrPrestServico: 9000,
        percentualConcedido: 50,
        valorContrato: 4500,
      })),
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return { lote: ((await sent.json()) as { lote: number }).lote, students };
}

test.describe('Fundação', () => {
  test.describe.configure({ timeout: 240_000 });

  test('batches: the rows awaiting a decision as the API counts them; reject two with a listed reason', async ({
    page,
    baseURL,
  }) => {
    const ie = await apiAs(baseURL!, 'ie-1');
    const op = await apiAs(baseURL!, 'operador');
    const { lote, students } = await batchOf(ie, 3);
    const listed = (await (await op.get('/s/operador/lotes?ieId=1')).json()).itens.find(
      (b: { loteId: number }) => b.loteId === lote,
    );
    expect(listed.aguardando).toBe(3);

    await signIn(page, 'Carla Operadora', '/fundacao');
    await page.getByRole('combobox', { name: 'IE', exact: true }).click();
    await page.getByRole('option', { name: /^UNIHSL/ }).click();
    await expect(page.getByTestId(`aguardando-${lote}`)).toHaveText('3');
    await noSeriousViolations(page, '/fundacao (lotes)');
    await page.getByRole('button', { name: `Abrir lote ${lote}` }).click();
    const batch = page.getByRole('region', { name: `Lote ${lote}` });
    await expect(batch.getByTestId('resumo-lote')).toContainText('3 linhas aguardando decisão de 3');
    const rows = batch.getByRole('table', { name: `Linhas do lote ${lote} aguardando a decisão da fundação` });
    await expect(rows).toContainText(students[0]!.nomeEstudante);
    await expect(rows).toContainText('R$ 4.500,00');
    await expect(rows).toContainText('R$ 9.000,00');
    await expect(rows).toContainText('50%');
    await expect(rows).toContainText('Situação permite o envio');
    await noSeriousViolations(page, '/fundacao (lote aberto)');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: screenshot('fundacao-lote.png') });

    await batch.getByRole('checkbox', { name: /^Selecionar linha 1:/ }).check();
    await batch.getByRole('checkbox', { name: /^Selecionar linha 2:/ }).check();
    await batch.getByRole('radio', { name: /^Recusar/ }).check();
    await batch.getByRole('button', { name: 'Recusar 2 linhas selecionadas' }).click();
    await expect(batch.getByRole('alert')).toContainText('Escolha o motivo da recusa.');
    await batch.getByRole('combobox', { name: 'Motivo da recusa' }).click();
    await page.getByRole('option', { name: 'Percentual concedido diferente do contrato' }).click();
    await batch.getByRole('button', { name: 'Recusar 2 linhas selecionadas' }).click();
    const dialog = page.getByRole('dialog', { name: `Recusar linhas do lote ${lote}?` });
    await expect(dialog).toContainText(`Lote ${lote}: 2 linhas serão recusadas`);
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect((await (await op.get(`/s/operador/lotes/${lote}`)).json()).aguardando).toBe(3);
    await batch.getByRole('button', { name: 'Recusar 2 linhas selecionadas' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Recusar 2 linhas' }).click();
    await expect(batch.getByTestId('decisao-lote')).toHaveText('2 linhas recusadas; 1 linha aguardando.');
    await expect(page.getByTestId(`aguardando-${lote}`)).toHaveText('1');
    const after = await (await op.get(`/s/operador/lotes/${lote}`)).json();
    expect([after.aguardando, after.recusadas]).toEqual([1, 2]);
    const entry = await ie.get(`/s/v2/status-contrato/${students[0]!.brbId}/brb-id`);
    expect((await entry.json()).situacao).toBe('APTO');
    // The IE is told, with the reason.
    const notes = await (await ie.get('/s/v2/ies/notificacoes')).text();
    expect(notes).toContain('Percentual concedido diferente do contrato');
    // An IE cannot decide for the foundation.
    expect((await ie.post(`/s/operador/lotes/${lote}/aceitar`, { data: {} })).status()).toBe(403);
    expect((await (await op.get(`/s/operador/lotes/${lote}`)).json()).aguardando).toBe(1);
    await ie.dispose();
    await op.dispose();
  });

  test('signatures: pending per IE with their age, two signed together after confirmation', async ({
    page,
    baseURL,
  }) => {
    const ie = await apiAs(baseURL!, 'ie-1');
    const op = await apiAs(baseURL!, 'operador');
    const { lote, students } = await batchOf(ie, 2);
    expect((await op.post(`/s/operador/lotes/${lote}/aceitar`, { data: {} })).status()).toBe(200);
    await signIn(page, 'Carla Operadora', '/fundacao');
    await page.getByRole('tab', { name: 'Assinaturas pendentes' }).click();
    await expect(page.getByRole('table', { name: 'Aditivos aguardando assinatura, por IE' })).toContainText('UNIHSL');
    await noSeriousViolations(page, '/fundacao (assinaturas)');
    const firstPage = (await (await op.get('/s/operador/assinaturas?ieId=1&tamanho=50')).json()) as {
      totalPaginas: number;
    };
    const last = (await (
      await op.get(`/s/operador/assinaturas?ieId=1&tamanho=50&pagina=${firstPage.totalPaginas}`)
    ).json()) as { itens: { brbId: number; diasAguardando: number }[] };
    // Oldest first: the two just accepted are on the last page, generated today.
    for (const s of students)
      expect(last.itens.find((p) => p.brbId === s.brbId)?.diasAguardando, `${s.brbId} pending`).toBe(0);
    await page.getByRole('combobox', { name: 'IE', exact: true }).click();
    await page.getByRole('option', { name: /^UNIHSL/ }).click();
    if (firstPage.totalPaginas > 1)
      await page.getByRole('button', { name: `Página ${firstPage.totalPaginas}`, exact: true }).click();
    for (const s of students) await page.getByRole('checkbox', { name: `Selecionar ${s.nomeEstudante}` }).check();
    await page.getByRole('button', { name: 'Registrar 2 assinatura(s)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar 2 assinatura(s)?' });
    await expect(dialog).toContainText(students[0]!.nomeEstudante);
    await dialog.getByRole('button', { name: 'Registrar 2 assinatura(s)' }).click();
    await expect(page.getByTestId('assinaturas-registradas')).toContainText('2 assinatura(s) registrada(s)');
    for (const s of students) {
      const entry = await ie.get(`/s/v2/status-contrato/${s.brbId}/brb-id`);
      expect((await entry.json()).situacao).toBe('FINALIZADO');
    }
    // An IE cannot record signatures.
    expect((await ie.post('/s/operador/assinaturas', { data: { brbIds: [students[0]!.brbId] } })).status()).toBe(403);
    await ie.dispose();
    await op.dispose();
  });

  test('payments: found by the contract number as shown, previewed, recorded; the bank file imported once', async ({
    page,
    baseURL,
  }) => {
    const op = await apiAs(baseURL!, 'operador');
    const month = (await (await op.get('/s/v2/repasse/2026-03')).json()) as {
      ies: { pagamentos: { contrato: string; dataPagamento: string }[] }[];
    };
    // Contracts paid this month are in restitution; pick two that still owe.
    const candidates: { numero: string; dia: string; saldo: number; proxima: number }[] = [];
    for (const p of month.ies.flatMap((i) => i.pagamentos)) {
      if (candidates.some((c) => c.numero === p.contrato)) continue;
      const found = (await (await op.get(`/s/operador/contratos?busca=${p.contrato}`)).json()).itens[0];
      if (found?.proximaParcela && found.saldoAberto > 1000)
        candidates.push({
          numero: p.contrato,
          dia: p.dataPagamento,
          saldo: found.saldoAberto,
          proxima: found.proximaParcela.numero,
        });
      if (candidates.length === 2) break;
    }
    expect(candidates.length).toBe(2);
    const [one, two] = candidates as [(typeof candidates)[0], (typeof candidates)[0]];
    const br = (iso: string) => iso.split('-').reverse().join('/');

    await signIn(page, 'Carla Operadora', '/fundacao');
    await page.getByRole('tab', { name: 'Pagamentos de restituição' }).click();
    await page.getByLabel('Contrato, CPF ou nome do estudante').fill(one.numero);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('radio', { name: new RegExp(`^Contrato ${one.numero.replace('.', '\\.')}`) }).check();
    await page.getByLabel('Data do pagamento').fill(br(one.dia));
    await page.getByLabel('Valor pago').fill('100,00');
    await noSeriousViolations(page, '/fundacao (pagamentos)');
    await page.getByRole('button', { name: 'Conferir pagamento' }).click();
    const dialog = page.getByRole('dialog', { name: `Registrar pagamento do contrato ${one.numero}?` });
    await expect(dialog).toContainText(`Saldo do contrato de ${BRL(one.saldo)} para ${BRL(one.saldo - 100)}`);
    await expect(dialog.getByRole('table', { name: 'Parcelas que o pagamento quita' })).toContainText(
      `${one.proxima}/`,
    );
    await page.screenshot({ path: screenshot('fundacao-pagamentos.png') });
    await dialog.getByRole('button', { name: 'Registrar R$ 100,00' }).click();
    await expect(page.getByTestId('pagamento-registrado')).toContainText(
      `Saldo do contrato agora: ${BRL(one.saldo - 100)}`,
    );
    const after = (await (await op.get(`/s/operador/contratos?busca=${one.numero}`)).json()).itens[0];
    expect(after.saldoAberto).toBeCloseTo(one.saldo - 100, 2);

    // The bank's file: one good row, one future, one unknown contract.
    const file = join(tmpdir(), `retorno-${Date.now()}.csv`);
    writeFileSync(
      file,
      `\uFEFFcontrato;data do pagamento;valor\r\n${two.numero};${br(two.dia)};50,00\r\n${two.numero};31/12/2099;50,00\r\n2020.999999999;${br(two.dia)};10,00\r\n`,
    );
    const importOnce = async () => {
      await page.locator('input[type="file"]').setInputFiles(file);
      await page.getByRole('button', { name: 'Importar pagamentos' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Importar e registrar' }).click();
      await expect(page.getByTestId('resultado-arquivo')).toBeVisible();
    };
    await importOnce();
    await expect(page.getByTestId('arquivo-linha-2')).toContainText('Registrado');
    await expect(page.getByTestId('arquivo-linha-3')).toContainText('Recusado');
    await expect(page.getByTestId('arquivo-linha-3')).toContainText('não pode ser futura');
    await expect(page.getByTestId('arquivo-linha-4')).toContainText('não encontrado');
    const paidOnce = (await (await op.get(`/s/operador/contratos?busca=${two.numero}`)).json()).itens[0].saldoAberto;
    expect(paidOnce).toBeCloseTo(two.saldo - 50, 2);
    await noSeriousViolations(page, '/fundacao (arquivo de pagamentos)');
    // The same file again: nothing recorded twice.
    await importOnce();
    await expect(page.getByTestId('arquivo-linha-2')).toContainText('Já registrado antes');
    expect((await (await op.get(`/s/operador/contratos?busca=${two.numero}`)).json()).itens[0].saldoAberto).toBeCloseTo(
      paidOnce,
      2,
    );
    // An IE may not import payments.
    const ie = await apiAs(baseURL!, 'ie-1');
    const refused = await ie.post('/s/operador/pagamentos/arquivo', {
      multipart: {
        arquivo: {
          name: 'p.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(`contrato;data;valor\n${two.numero};${br(two.dia)};1,00\n`),
        },
      },
    });
    expect(refused.status()).toBe(403);
    await ie.dispose();
    await op.dispose();
  });

  test('transfer: an adjustment that would make the net negative is refused; a valid one, the history and its file', async ({
    page,
    baseURL,
  }) => {
    const op = await apiAs(baseURL!, 'operador');
    const before = (await (await op.get('/s/v2/repasse/2026-03?ieId=1')).json()).totais.aRepassar as number;
    await signIn(page, 'Carla Operadora', '/fundacao');
    await page.getByRole('tab', { name: 'Repasse mensal' }).click();
    await page.getByLabel('Competência').fill('03/2026');
    await page.getByRole('button', { name: 'Consultar' }).click();
    const form = page.getByRole('region', { name: 'Ajuste no repasse de 03/2026' });
    await form.getByRole('combobox', { name: 'IE', exact: true }).click();
    await page.getByRole('option', { name: /^UNIHSL/ }).click();
    await form.getByLabel('Valor do ajuste').fill(`-${(before + 1000).toFixed(2).replace('.', ',')}`);
    await form.getByLabel('Motivo').fill('Estorno de pagamento em duplicidade');
    await form.getByRole('button', { name: 'Registrar ajuste' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Registrar/ })
      .click();
    await expect(form.getByTestId('erro-ajuste')).toContainText(/negativ/);
    expect((await (await op.get('/s/v2/repasse/2026-03?ieId=1')).json()).totais.aRepassar).toBe(before);

    await form.getByLabel('Valor do ajuste').fill('-10,00');
    await form.getByRole('button', { name: 'Registrar ajuste' }).click();
    await expect(page.getByRole('dialog')).toContainText('desconto de R$ 10,00 no repasse de 03/2026');
    await page.getByRole('dialog').getByRole('button', { name: 'Registrar -R$ 10,00' }).click();
    await expect(form.getByTestId('ajuste-registrado')).toBeVisible();
    expect((await (await op.get('/s/v2/repasse/2026-03?ieId=1')).json()).totais.aRepassar).toBeCloseTo(before - 10, 2);

    const history = page.getByRole('region', { name: 'Histórico do repasse por IE' });
    await history.getByRole('combobox', { name: 'IE', exact: true }).click();
    await page.getByRole('option', { name: /^UNIHSL/ }).click();
    await expect(history.getByRole('img', { name: /A repassar a .* nos últimos 12 meses/ })).toBeVisible();
    await expect(history.getByRole('table')).toContainText('03/2026');
    await noSeriousViolations(page, '/fundacao (repasse)');
    // The history with its chart, as a person sees it (a full-page capture repeats the fixed header).
    await history.getByRole('img', { name: /A repassar a/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshot('fundacao-repasse.png') });
    const download = page.waitForEvent('download');
    await history.getByRole('button', { name: 'Baixar CSV' }).click();
    expect((await download).suggestedFilename()).toBe('repasse-historico-ie-1.csv');
    // An IE sees only its own history.
    const ie = await apiAs(baseURL!, 'ie-1');
    expect((await ie.get('/s/v2/repasse-historico?ieId=2')).status()).toBe(404);
    await ie.dispose();
    await op.dispose();
  });
});
