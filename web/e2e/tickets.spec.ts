import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers.ts';

type Ticket = { id: number; brbId: number; tipo: string; status: string; statusSolicitacao: string };

test('tickets: the list matches the API, filters by situação, and a row changes its type', async ({
  page,
  baseURL,
}) => {
  // An IE 1 ticket whose type may change, set to a known type through the API first: it becomes
  // the most recently changed ticket, the list's first row.
  const api = await apiAs(baseURL!, 'ie-1');
  const open = (await (await api.get('/s/v2/tickets?situacao=ABERTO&tamanho=100')).json()).itens as Ticket[];
  const ticket = open.find((t) => t.statusSolicitacao === 'EM_ANDAMENTO');
  expect(ticket, 'an open IE 1 ticket in progress in the demo').toBeTruthy();
  expect((await api.put('/atualizar-tipo-ticket', { data: { idTicket: ticket!.id, tipo: 'DUVIDA' } })).status()).toBe(
    200,
  );
  const total = (await (await api.get('/s/v2/tickets')).json()).total as number;

  await signIn(page, 'Ana Souza', '/tickets');
  await expect(page.getByTestId('total-tickets')).toHaveText(`${total} ${total === 1 ? 'ticket' : 'tickets'}`);
  const row = page.getByTestId(`ticket-${ticket!.id}`);
  await expect(page.getByRole('table', { name: 'Tickets' }).getByRole('row').nth(1)).toHaveAttribute(
    'data-testid',
    `ticket-${ticket!.id}`,
  );
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The row's own control, by keyboard: choose the type and submit.
  const select = row.getByRole('combobox', { name: `Tipo do ticket ${ticket!.id}` });
  await select.selectOption('DOCUMENTACAO');
  await row.getByRole('button', { name: 'Alterar' }).focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('status')).toHaveText('Tipo alterado de Dúvida para Documentação.');
  const after = (await (await api.get(`/s/v2/tickets/${ticket!.id}`)).json()) as Ticket & { motivoEspera: string };
  expect([after.tipo, after.motivoEspera]).toEqual(['DOCUMENTACAO', 'AGUARDANDO_DOCUMENTO_IE']);
  await expect(select).toHaveValue('DOCUMENTACAO');

  // Filters: the closed tickets, as the API counts them; each row closed and without a type control.
  const closed = (await (await api.get('/s/v2/tickets?situacao=FECHADO')).json()).total as number;
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('FECHADO');
  if (closed === 0) {
    await expect(page.getByText('Nenhum ticket com esses filtros.')).toBeVisible();
  } else {
    await expect(page.getByTestId('total-tickets')).toHaveText(`${closed} ${closed === 1 ? 'ticket' : 'tickets'}`);
    const rows = page.getByRole('table', { name: 'Tickets' }).locator('tbody tr');
    await expect(rows.first().getByRole('cell').nth(2)).toHaveText('Fechado');
    await expect(rows.getByRole('combobox')).toHaveCount(0);
  }
  await page.getByRole('combobox', { name: 'Tipo', exact: true }).selectOption('DOCUMENTACAO');
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('');
  await expect(page.getByTestId(`ticket-${ticket!.id}`)).toBeVisible();

  await page.getByTestId(`ticket-${ticket!.id}`).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/contrato/${ticket!.brbId}$`));
  await api.dispose();
});
