import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers.ts';

type Notification = { id: number; titulo: string; visualizada: boolean; dados: Record<string, unknown> };

test('Notificações: repeated events shown once with a count, each linking to its subject; all marked read at once', async ({
  page,
  baseURL,
}) => {
  const ie1 = await apiAs(baseURL!, 'ie-1');
  const ie2 = await apiAs(baseURL!, 'ie-2');
  const current = async (api = ie1) =>
    (await (await api.get('/s/v2/ies/notificacoes')).json()) as { naoLidas: number; itens: Notification[] };
  const before = await current();
  const closed = before.itens.filter((n) => n.titulo === 'Janela de renovação encerrada');
  expect(closed.length).toBeGreaterThan(1);
  const ie2Before = (await current(ie2)).naoLidas;

  await signIn(page, 'Ana Souza', '/notificacoes');
  const groups = page.getByTestId('notificacao').filter({ hasText: 'Janela de renovação encerrada' });
  await expect(groups).toHaveCount(1);
  await expect(groups.getByTestId('repeticoes')).toHaveText(`${closed.length} vezes`);
  const journeyLink = groups.getByRole('link', { name: 'Ver a jornada no painel' });
  await expect(journeyLink).toHaveAttribute('href', new RegExp(`jornada=${closed[0]!.dados.jornadaId}`));
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await expect(page.getByTestId('contagem-notificacoes')).toHaveText(`0 não lidas de ${before.itens.length}`);
  const after = await current();
  expect(after.naoLidas).toBe(0);
  expect(after.itens.every((n) => n.visualizada)).toBe(true);
  // Another IE's users keep theirs unread.
  expect((await current(ie2)).naoLidas).toBe(ie2Before);

  await journeyLink.click();
  await expect(page).toHaveURL(new RegExp(`jornada=${closed[0]!.dados.jornadaId}`));
  await expect(page.getByRole('heading', { name: 'Painel de renovação' })).toBeVisible();
  await ie1.dispose();
  await ie2.dispose();
});

test('Preferências: the e-mail preference says when no e-mail server is configured', async ({ page, baseURL }) => {
  const api = await apiAs(baseURL!, 'ie-1');
  expect((await (await api.get('/s/v2/preferencias/email')).json()).envioConfigurado).toBe(false);
  await signIn(page, 'Ana Souza', '/preferencias');
  await expect(page.getByTestId('email-sem-smtp')).toContainText('nenhuma notificação é enviada por e-mail agora');
  await api.dispose();
});
