import { expect, type Page, test } from '@playwright/test';
import { screenshot, signIn } from './helpers.ts';

// Issue 22, item 5: every screen on a phone (390×844) without sideways scrolling and with the
// header on its bar; the contract page, a batch and a month's transfer on paper without menus.

const PHONE = { width: 390, height: 844 };

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[role="status"][aria-live]')).toHaveCount(0, { timeout: 20_000 });
}

async function fitsThePhone(page: Page, path: string) {
  await settled(page);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.page, `${path} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
  expect(widths.body, `${path} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
  // The header's controls sit inside the header's bar, not spilled below it.
  const spilled = await page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) return [];
    const bar = header.getBoundingClientRect();
    return [...header.querySelectorAll('a, button')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.bottom > bar.bottom + 1 || box.top < bar.top - 1);
      })
      .map((el) => el.textContent?.trim() ?? el.tagName);
  });
  expect(spilled, `${path}: header controls outside the bar`).toEqual([]);
}

const IE_ROUTES = [
  '/',
  '/contrato/1',
  '/valores',
  '/lotes',
  '/jornadas',
  '/notificacoes',
  '/auditoria',
  '/preferencias',
  '/convenios',
  '/tickets',
  '/simulador',
  '/pagina-que-nao-existe',
];

test.describe('on a phone (390×844) no screen scrolls sideways', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: PHONE });

  test('every IE screen', async ({ page }) => {
    await signIn(page, 'Ana Souza', '/');
    await page.screenshot({ path: screenshot('celular.png') });
    for (const path of IE_ROUTES) {
      await page.goto(path);
      await fitsThePhone(page, path);
    }
  });

  test("every tab of the foundation's screen", async ({ page }) => {
    await signIn(page, 'Carla Operadora', '/fundacao');
    await fitsThePhone(page, '/fundacao');
    for (const tab of ['Assinaturas pendentes', 'Pagamentos de restituição', 'Repasse mensal', 'Lotes a processar']) {
      await page.getByRole('tab', { name: tab }).click();
      await fitsThePhone(page, `/fundacao (${tab})`);
    }
  });
});

/** Pages in a PDF that Chromium wrote: each page is one `/Type /Page` object. */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

async function printsWithoutMenus(page: Page) {
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button')).toHaveCount(0);
  const pdf = await page.pdf({ format: 'A4', printBackground: false });
  await page.emulateMedia({ media: 'screen' });
  return pageCount(pdf);
}

test.describe('on paper (A4)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the contract page prints its facts on one or two pages, without menus or buttons', async ({ page }) => {
    await signIn(page, 'Ana Souza', '/contrato/1');
    await settled(page);
    await expect(page.getByRole('heading', { name: 'Linha do tempo' })).toBeVisible();
    const pages = await printsWithoutMenus(page);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
  });

  test("a batch and a month's transfer print without menus", async ({ page }) => {
    await signIn(page, 'Carla Operadora', '/fundacao');
    await settled(page);
    expect(await printsWithoutMenus(page)).toBeGreaterThanOrEqual(1);
    await page.getByRole('tab', { name: 'Repasse mensal' }).click();
    await settled(page);
    expect(await printsWithoutMenus(page)).toBeGreaterThanOrEqual(1);
  });
});
