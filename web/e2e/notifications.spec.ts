import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiAs, entries, signIn } from './helpers.ts';

type Notification = { id: number; titulo: string; visualizada: boolean };

test('Notificações: the header badge counts the unread, and marking one read lowers it and is kept by the API', async ({
  page,
  baseURL,
}) => {
  // Its own unread notification: IE 1 sends a student's values and the foundation accepts the batch
  // (LOTE_PROCESSADO goes to every user of IE 1).
  const ie = await apiAs(baseURL!, 'ie-1');
  const student = (await entries(ie, 'aptos'))[3]!;
  const sent = await ie.post('/s/v2/contrato/valores/enviar', {
    data: {
      valores: [
        {
          brbId: student.brbId,
          qtdParcelasCobertura: 6,
          valorCtrPrestServico: 8000,
          percentualConcedido: 25,
          valorContrato: 2000,
        },
      ],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const operator = await apiAs(baseURL!, 'operador');
  const accepted = await operator.post(`/s/operador/lotes/${(await sent.json()).lote}/aceitar`, { data: {} });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const current = async () =>
    (await (await ie.get('/s/v2/ies/notificacoes')).json()) as { naoLidas: number; itens: Notification[] };
  const before = await current();
  expect(before.naoLidas).toBeGreaterThan(0);
  const target = before.itens.find((n) => !n.visualizada)!;

  await signIn(page, 'Ana Souza');
  const badge = page.getByRole('button', { name: /^Notificações \d+ não lidas$/ });
  await expect(badge).toHaveAccessibleName(`Notificações ${before.naoLidas} não lidas`);
  await badge.click();
  await expect(page).toHaveURL(/\/notificacoes$/);
  await expect(page.getByText(`${before.naoLidas} não lidas de`)).toBeVisible();
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page
    .getByRole('button', { name: `Marcar como lida: ${target.titulo}` })
    .first()
    .click();
  await expect(page.getByRole('button', { name: /^Notificações \d+ não lidas$/ })).toHaveAccessibleName(
    `Notificações ${before.naoLidas - 1} não lidas`,
  );
  const after = await current();
  expect(after.naoLidas).toBe(before.naoLidas - 1);
  expect(after.itens.find((n) => n.id === target.id)?.visualizada).toBe(true);
  await ie.dispose();
  await operator.dispose();
});
