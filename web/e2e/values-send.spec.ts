import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiAs, entries, signIn } from './helpers.ts';

type RowError = { campo: string; regra: string; mensagem: string };

test("Valores: one student's values from the contract page; the form's own check, the API's row error beside its field, then accepted", async ({
  page,
  baseURL,
}) => {
  const api = await apiAs(baseURL!, 'ie-1');
  // The sheet scenario takes the newest APTO entries; this one the oldest.
  const target = (await entries(api, 'aptos'))[0]!;

  await signIn(page, 'Ana Souza', `/contrato/${target.brbId}`);
  await page.getByRole('link', { name: 'Enviar os valores deste estudante' }).click();
  await expect(page).toHaveURL(new RegExp(`/valores\\?brbId=${target.brbId}$`));
  const form = page.getByRole('region', { name: 'Enviar valores de um estudante' });
  const field = (label: string) => form.getByRole('textbox', { name: label });
  await expect(field('Contrato (brbId)')).toHaveValue(String(target.brbId));

  // 5.000,00 × 50 % is 2.500,00, not 2.600,00: refused here, no request made.
  const sends: string[] = [];
  page.on('request', (r) => r.url().includes('/enviar-valores') && sends.push(r.url()));
  await field('Parcelas cobertas').fill('6');
  await field('Valor do contrato de prestação de serviços').fill('R$ 5.000,00');
  await field('Percentual concedido (%)').fill('50');
  await field('Valor financiado').fill('2.600,00');
  await form.getByRole('button', { name: 'Enviar valores' }).click();
  await expect(form.getByText('Deve ser o valor do contrato × percentual ÷ 100: R$ 2.500,00.')).toBeVisible();
  expect(sends).toEqual([]);

  // Months of another semester: only the API knows the journey's; its message sits under the field.
  await field('Valor financiado').fill('2.500,00');
  await field('Meses cobertos').fill('01/2001, 02/2001, 03/2001, 04/2001, 05/2001, 06/2001');
  const batch = page.waitForResponse((r) => /\/s\/lotes\/\d+/.test(r.url()));
  await form.getByRole('button', { name: 'Enviar valores' }).click();
  const erros = (await (await batch).json()).linhas.itens[0].erros as RowError[];
  const months = erros.find((e) => e.campo === 'parcMeses');
  expect(months?.regra).toBe('PARC_MESES');
  const monthsInput = field('Meses cobertos');
  await expect(form.getByText(months!.mensagem)).toBeVisible();
  await expect(monthsInput).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByTestId('resultado-envio-valores')).toContainText('recusados');
  // Nothing typed is lost.
  await expect(field('Valor do contrato de prestação de serviços')).toHaveValue('R$ 5.000,00');
  await expect(field('Valor financiado')).toHaveValue('2.500,00');
  await expect(monthsInput).toHaveValue('01/2001, 02/2001, 03/2001, 04/2001, 05/2001, 06/2001');
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Without months the row is accepted: the contract moves to EM_PROCESSAMENTO with these values.
  await monthsInput.fill('');
  await form.getByRole('button', { name: 'Enviar valores' }).click();
  await expect(form.getByTestId('resultado-envio-valores')).toContainText('Valores aceitos no lote');
  const sent = await (await api.get(`/s/v2/contrato/valores/${target.brbId}`)).json();
  expect(sent.situacao).toBe('EM_PROCESSAMENTO');
  expect(sent.envios[0].valores).toMatchObject({
    qtdParcelasCobertura: 6,
    valorCtrPrestServico: 5000,
    percentualConcedido: 50,
    valorContrato: 2500,
    contratoAnual: false,
  });
  await api.dispose();
});
