import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers.ts';

const NBSP = '\u00a0';
const brl = (value: number | string) =>
  `R$${NBSP}${Number(value).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('Simulador de reembolso: refuses an amount that is not money, then shows the installments the API computes', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'Ana Souza', '/simulador');
  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('calcular-parcelas-reembolso') && requests.push(r.url()));
  const valor = page.getByRole('textbox', { name: 'Valor creditado por mês' });
  await valor.fill('mil reais');
  await page.getByRole('button', { name: 'Calcular' }).click();
  // The message beside the field and in the summary says what is wrong and how to write it.
  await expect(valor).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toContainText('O valor não é um valor em reais');
  await expect(page.getByRole('alert')).toContainText('1.234,56');
  expect(requests).toEqual([]);

  await valor.fill('1.250,50');
  await page.getByRole('textbox', { name: 'Meses creditados' }).fill('4');
  await page.getByRole('textbox', { name: 'Meses até a restituição' }).fill('12');
  await page.getByRole('textbox', { name: 'Primeiro vencimento' }).fill('03/2027');
  await page.getByRole('button', { name: 'Calcular' }).click();
  const table = page.getByRole('table', { name: 'Parcelas do reembolso' });
  await expect(table).toBeVisible();

  const api = await apiAs(baseURL!, 'ie-1');
  const res = await api.get(
    '/s/v2/contrato/valores/calcular-parcelas-reembolso?valor=1250.50&meses=4&mesesAteRestituicao=12&inicio=2027-03&regime=SIMPLES',
  );
  expect(res.status(), await res.text()).toBe(200);
  const expected = (await res.json()) as {
    parcelas: unknown[];
    totais: { quantidade: number; valorCreditado: string | number; valor: string | number };
  };
  // 4 months of R$ 1.250,50 credited: R$ 5.002,00 to restitute, in the API's installments.
  expect(Number(expected.totais.valorCreditado)).toBe(5002);
  await expect(table.locator('tbody tr')).toHaveCount(expected.parcelas.length);
  const total = table.locator('tfoot tr');
  await expect(total).toContainText(`Total (${expected.totais.quantidade})`);
  await expect(total).toContainText(brl(expected.totais.valorCreditado));
  await expect(total).toContainText(brl(expected.totais.valor));
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await api.dispose();
});
