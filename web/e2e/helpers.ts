import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';

/** Where the README's screenshots go (docs/screenshots), whatever the working directory. */
export const screenshot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}`, import.meta.url));

/** An API context signed in as a demo user (the same cookie session the portal uses). */
export async function apiAs(baseURL: string, usuario: 'ie-1' | 'ie-2' | 'operador'): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'e2e' } });
  const res = await context.post('/s/sessao/demo', { data: { usuario } });
  expect(res.status()).toBe(200);
  return context;
}

const DEMO_USERS = { 'Ana Souza': 'ie-1', 'Bruno Lima': 'ie-2', 'Carla Operadora': 'operador' } as const;

/**
 * Signs in with the demo session the sign-in page's buttons ask for (POST /s/sessao/demo, the
 * cookie lands in the page's context), then opens `to` and waits for the user's name in the
 * header. The sign-in page itself is driven by hand in contract.spec.ts (an expired session) and
 * checked by axe in a11y.spec.ts; here it would cost every test a page load and a click.
 */
export async function signIn(page: Page, nome: keyof typeof DEMO_USERS, to = '/'): Promise<void> {
  const res = await page.context().request.post('/s/sessao/demo', {
    data: { usuario: DEMO_USERS[nome] },
    headers: { 'X-Requested-With': 'e2e' },
  });
  expect(res.status()).toBe(200);
  await page.goto(to);
  await expect(page.getByTestId('usuario')).toContainText(nome);
}

/** A tab's counter, once loaded. */
export async function counter(page: Page, tab: string): Promise<number> {
  const element = page.getByTestId(`contador-${tab}`);
  await expect(element).toHaveText(/\(\d[\d.]*\)/);
  return Number(((await element.textContent()) ?? '').replace(/\D/g, ''));
}

export const listTotal = async (page: Page) => {
  const text = (await page.getByTestId('total-lista').textContent()) ?? '';
  return Number((/de ([\d.]+)/.exec(text)?.[1] ?? '').replace(/\./g, ''));
};

/** Entries of a tab read through the API, to pick a scenario's own data. */
export async function entries(api: APIRequestContext, tab: string, query = '') {
  const res = await api.get(`/s/v2/renovacao/${tab}?tamanho=100${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()).itens as { brbId: number; nomeEstudante: string; cpf: string; situacao: string }[];
}

export async function allowedActions(api: APIRequestContext, brbId: number): Promise<string[]> {
  const res = await api.post('/s/v1/contrato/mais-acoes/dados-complementares', { data: { brbId } });
  expect(res.status()).toBe(200);
  return (await res.json()).acoesPermitidas;
}

export const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '');
export const maskCPF = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;

/** A code as the API spells it (PRIMEIRA_RENOVACAO, EM_ANALISE_FUNDACAO): never what a person should read. */
const UPPER_SNAKE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;

/** Fails when the visible text of the page shows an API code instead of its label. */
export async function expectNoVisibleCodes(page: Page, screen: string): Promise<void> {
  // innerText, not textContent: what is rendered and visible is what a person reads.
  // biome-ignore lint/performance/useDomNodeTextContent: hidden text is not read, so it must not fail the check
  const text = await page.locator('body').innerText();
  expect(text.match(UPPER_SNAKE) ?? [], `codes visible on ${screen}`).toEqual([]);
}

/** The entry's situation and its number of timeline events, read through the API. */
export async function entrySnapshot(api: APIRequestContext, brbId: number) {
  const status = await api.get(`/s/v2/status-contrato/${brbId}/brb-id`);
  expect(status.status()).toBe(200);
  const body = (await status.json()) as { situacao: string; motivo: string | null; processoId: number };
  const timeline = await api.get(`/s/v2/processos/${body.processoId}/timeline`);
  expect(timeline.status()).toBe(200);
  return {
    situacao: body.situacao,
    motivo: body.motivo,
    eventos: ((await timeline.json()).eventos as unknown[]).length,
  };
}
