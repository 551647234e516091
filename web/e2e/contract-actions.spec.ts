import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { noSidewaysScroll } from './checks.ts';
import { allowedActions, apiAs, entries, entrySnapshot, expectNoVisibleCodes, screenshot, signIn } from './helpers.ts';

/** The form title of each action the contract page offers (the foundation's own steps are not offered). */
const TITLE: Record<string, string> = {
  TRANCAMENTO: 'Trancar matrícula',
  MANTER_TRANCAMENTO: 'Manter o trancamento',
  MANUTENCAO_VINCULO: 'Manter o vínculo',
  AFASTAMENTO: 'Registrar afastamento',
  EVASAO: 'Registrar evasão',
  REVISAO_ANALISE: 'Pedir revisão da análise',
  PREVISAO_FORMATURA: 'Nova previsão de formatura',
  INATIVAR: 'Inativar estudante',
  CANCELAR: 'Cancelar contrato',
  EXCLUIR: 'Excluir contrato',
};

/** The service's business date (the mock runs on its own day), as a person types it. */
let hoje = '';
const today = () => hoje;
test.beforeEach(async ({ baseURL }) => {
  const api = await apiAs(baseURL!, 'ie-1');
  const iso = ((await (await api.get('/s/sessao/configuracao')).json()) as { hoje: string }).hoje;
  hoje = iso.split('-').reverse().join('/');
  await api.dispose();
});

async function noSeriousViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** APTO entries of IE 1 no other scenario touched: taken from the end of the list, one per use. */
async function aptos(api: APIRequestContext, count: number) {
  const pool = await entries(api, 'aptos', '&ordem=desc&ordenarPor=nome');
  expect(pool.length).toBeGreaterThanOrEqual(count);
  return pool.slice(0, count);
}

async function choose(page: Page, action: string) {
  await page.getByRole('radio', { name: TITLE[action] }).check();
  return page.getByRole('form', { name: TITLE[action] });
}

test.describe('Contrato: every action the API allows', () => {
  test.describe.configure({ timeout: 180_000 });

  test('offers exactly acoesPermitidas; a lock is checked as the API checks it, confirmed naming the student and the effect, and shown in the timeline', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const [target] = await aptos(api, 1);
    const allowed = await allowedActions(api, target!.brbId);
    const before = await entrySnapshot(api, target!.brbId);

    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'Ana Souza', `/contrato/${target!.brbId}`);
    const actions = page.getByRole('region', { name: 'Ações' });
    const radios = actions.getByRole('radio');
    const offered = Object.keys(TITLE).filter((a) => allowed.includes(a));
    await expect(radios).toHaveCount(offered.length);
    for (const a of offered) await expect(actions.getByRole('radio', { name: TITLE[a] })).toBeVisible();
    await expect(actions.getByRole('link', { name: 'Enviar os valores deste estudante' })).toBeVisible();
    await expect(actions).toMatchAriaSnapshot(`
      - region "Ações":
        - heading "Ações" [level=2]
        - link "Enviar os valores deste estudante"
        - radiogroup "O que deseja registrar?":
          - radio "Trancar matrícula"
          - radio "Manter o vínculo"
          - radio "Registrar afastamento"
          - radio "Registrar evasão"
          - radio "Nova previsão de formatura"
          - radio "Inativar estudante"
          - radio "Cancelar contrato"
          - radio "Excluir contrato"
    `);

    const form = await choose(page, 'TRANCAMENTO');
    const date = form.getByLabel('Data do trancamento');
    await expect(form.getByText(/dd\/mm\/aaaa, de \d{2}\/\d{2}\/\d{4} até hoje/)).toBeVisible();
    // A date in the future: the summary takes focus and the error sits beside the field.
    await date.fill('01/01/2099');
    await form.getByRole('button', { name: 'Trancar matrícula' }).click();
    const summary = form.getByTestId('resumo-erros');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('Data do trancamento: Informe uma data de');
    await expect(date).toHaveAccessibleDescription(/Informe uma data de .* até hoje/);
    // 01/01/2015 is before the semester before the journey's.
    await date.fill('01/01/2015');
    await form.getByRole('button', { name: 'Trancar matrícula' }).click();
    await expect(summary).toContainText('Informe uma data de');
    expect(await entrySnapshot(api, target!.brbId)).toEqual(before);

    await date.fill(today());
    await form.getByRole('button', { name: 'Trancar matrícula' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar: Trancar matrícula' });
    await expect(dialog).toContainText(target!.nomeEstudante);
    await expect(dialog).toContainText(/Usa 1 dos \d+ semestres de trancamento/);
    await page.screenshot({ path: screenshot('contrato-confirmacao.png') });
    // Going back sends nothing.
    await dialog.getByRole('button', { name: 'Voltar sem alterar' }).click();
    expect(await entrySnapshot(api, target!.brbId)).toEqual(before);

    await form.getByRole('button', { name: 'Trancar matrícula' }).click();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByTestId('acao-feita')).toContainText(`trancamento de matrícula de ${target!.nomeEstudante}`);
    await expect(page.getByTestId('situacao')).toHaveText('Sem renovação — Trancamento');
    const after = await entrySnapshot(api, target!.brbId);
    expect(after).toEqual({ situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO', eventos: before.eventos + 1 });
    const timeline = page.getByTestId('linha-do-tempo');
    await expect(timeline.locator('tbody tr')).toHaveCount(after.eventos);
    const last = timeline.locator('tbody tr').last();
    await expect(last).toContainText('Trancamento de matrícula');
    await expect(last).toContainText('Apto → Sem renovação — Trancamento');
    await expect(last).toContainText('Ana Souza');
    // What the entry allows now: no second lock is offered.
    await expect(page.getByRole('radio', { name: 'Trancar matrícula' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Manter o trancamento' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Registrar afastamento' })).toBeVisible();
    await expectNoVisibleCodes(page, 'contrato');
    await noSeriousViolations(page);
    // The README's picture: the page as it opens at 1366×768, with its actions.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshot('contrato.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('situacao')).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: screenshot('contrato-celular.png'), fullPage: true });
    await api.dispose();
  });

  test('each other action works from its form, with the reasons of the reference lists', async ({ page, baseURL }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const pool = await aptos(api, 8);
    await signIn(page, 'Ana Souza', '/');
    type Step = { action: string; fill: (form: ReturnType<Page['getByRole']>) => Promise<void>; to: string };
    const steps: Step[] = [
      {
        action: 'MANUTENCAO_VINCULO',
        fill: async (f) => {
          await f.getByRole('combobox', { name: 'Motivo' }).selectOption({ label: 'Trabalho de conclusão de curso' });
        },
        to: 'Manutenção de vínculo',
      },
      {
        action: 'AFASTAMENTO',
        fill: async (f) => {
          await f.getByLabel('Data do afastamento').fill(today());
          await f.getByLabel('Motivo do afastamento').selectOption({ label: 'Tratamento de saúde' });
        },
        to: 'Sem renovação — Afastamento',
      },
      {
        action: 'EVASAO',
        fill: async (f) => {
          await f.getByLabel('Data da evasão').fill(today());
          await f.getByLabel('Motivo da evasão').fill('Deixou de frequentar as aulas');
        },
        to: 'Sem renovação — Evasão',
      },
      {
        action: 'PREVISAO_FORMATURA',
        fill: async (f) => {
          await f.getByLabel('Previsão de formatura').fill('15/12/2030');
        },
        to: 'Apto',
      },
      {
        action: 'INATIVAR',
        fill: async (f) => {
          const reason = f.getByLabel('Motivo da inativação');
          // Two characters after trimming are refused here, as by the API.
          await reason.fill('  ok  ');
          await f.getByRole('button', { name: 'Inativar estudante' }).click();
          await expect(f.getByTestId('resumo-erros')).toContainText('O motivo deve ter de 3 a 500 caracteres');
          await reason.fill('Transferiu-se para outra instituição');
        },
        to: 'Sem renovação — Inativo',
      },
      {
        action: 'CANCELAR',
        fill: async (f) => {
          await f.getByLabel('Motivo do cancelamento').fill('Pedido do estudante');
        },
        to: 'Cancelado',
      },
    ];
    for (const [i, step] of steps.entries()) {
      const target = pool[i]!;
      await page.goto(`/contrato/${target.brbId}`);
      await expect(page.getByTestId('situacao')).toHaveText('Apto');
      const form = await choose(page, step.action);
      await step.fill(form);
      await form.getByRole('button', { name: /./ }).last().click();
      const dialog = page.getByRole('dialog', { name: `Confirmar: ${TITLE[step.action]}` });
      if (['AFASTAMENTO', 'EVASAO', 'INATIVAR', 'CANCELAR'].includes(step.action)) {
        await expect(dialog).toContainText(target.nomeEstudante);
        await dialog.getByRole('button', { name: 'Confirmar' }).click();
      }
      await expect(page.getByTestId('acao-feita')).toBeVisible();
      await expect(page.getByTestId('situacao')).toHaveText(step.to);
      await expectNoVisibleCodes(page, `contrato após ${step.action}`);
    }

    // Revisão da análise from a withdrawn entry (sem renovação).
    const withdrawn = pool[1]!;
    await page.goto(`/contrato/${withdrawn.brbId}`);
    const review = await choose(page, 'REVISAO_ANALISE');
    await review.getByLabel('O que a fundação deve rever').fill('O afastamento foi informado por engano');
    await review.getByRole('button', { name: 'Pedir revisão' }).click();
    await expect(page.getByTestId('situacao')).toHaveText('Revisão de análise');

    // A cancelled contract takes no more actions.
    await page.goto(`/contrato/${pool[5]!.brbId}`);
    await expect(page.getByTestId('sem-acoes')).toBeVisible();
    await api.dispose();
  });

  test('a refusal by the API shows its message beside the form, and nothing changed (checked through the API)', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL!, 'ie-1');
    const [target] = await aptos(api, 7).then((p) => p.slice(6));
    await signIn(page, 'Ana Souza', `/contrato/${target!.brbId}`);
    const form = await choose(page, 'INATIVAR');
    await form.getByLabel('Motivo da inativação').fill('Transferiu-se');
    // Someone else inactivates the student first: the form on screen is out of date.
    const first = await api.post('/s/v3/mais-acoes/inativar-estudante', {
      data: { brbId: target!.brbId, motivo: 'Informado pela secretaria' },
    });
    expect(first.status()).toBe(200);
    const before = await entrySnapshot(api, target!.brbId);

    await form.getByRole('button', { name: 'Inativar estudante' }).click();
    const answer = page.waitForResponse((r) => r.url().endsWith('/s/v3/mais-acoes/inativar-estudante'));
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    const response = await answer;
    expect(response.status()).toBe(409);
    const problem = await response.json();
    await expect(form.getByTestId('erro-acao')).toHaveText(problem.detail);
    expect(problem.detail).not.toMatch(/[A-Z]+_[A-Z]+|\/s\//);
    await expect(form.getByLabel('Motivo da inativação')).toHaveValue('Transferiu-se');
    expect(await entrySnapshot(api, target!.brbId)).toEqual(before);
    await api.dispose();
  });
});
