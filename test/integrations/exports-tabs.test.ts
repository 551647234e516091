import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { addEntry } from '../helpers/dashboard-factories.js';
import { csvIds, xlsxColumn, xlsxSheet } from '../helpers/exports.js';
import { createIe, createJourney, type TestIe, type TestJourney } from '../helpers/factories.js';

/**
 * Every dashboard list the portal shows, with its filters and sort, downloads the same rows in the
 * same order as its JSON pages put together (CSV and xlsx), and never another IE's.
 */
let t: TestContext;
let ie: TestIe;
let journey: TestJourney;
const mine = new Set<number>();

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  const other = await createIe(t.db);
  journey = await createJourney(t.db, ie, { ano: 2026, semestre: 2 });
  const otherJourney = await createJourney(t.db, other, { ano: 2026, semestre: 2 });
  const entries: Parameters<typeof addEntry>[3][] = [
    { nome: 'Ana Lima', tags: ['bolsista'] },
    { nome: 'Bruno Costa' },
    { nome: 'Carla Dias', situacao: 'EM_PROCESSAMENTO' },
    { nome: 'Davi Melo', situacao: 'AGUARDANDO_ASSINATURA', tags: ['bolsista'] },
    { nome: 'Eva Rocha', situacao: 'FINALIZADO' },
    { nome: 'Fábio Nunes', situacao: 'SEM_RENOVACAO', motivo: 'EVASAO' },
    { nome: 'Gil Souza', situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO' },
    { nome: 'Hugo Alves', situacao: 'MANUTENCAO_VINCULO' },
  ];
  for (const options of entries) mine.add((await addEntry(t.db, ie, journey, options)).brbId);
  // The other IE has one entry in every situation listed above: none may appear.
  for (const options of entries)
    await addEntry(t.db, other, otherJourney, { ...options, nome: `Outra ${options!.nome}` });
});
after(() => t.close());

const LISTS = [
  '/s/v2/renovacao/aptos',
  '/s/v2/renovacao/aptos?tag=bolsista',
  '/s/v2/renovacao/aptos?ordenarPor=nome&ordem=desc',
  '/s/v2/renovacao/em-processamento',
  '/s/v2/renovacao/em-processamento?situacao=AGUARDANDO_ASSINATURA',
  '/s/v2/renovacao/finalizados',
  '/s/v2/renovacao/sem-renovacao',
  '/s/v2/renovacao/sem-renovacao?motivo=EVASAO',
  '/s/v2/renovacao/manutencao-vinculo/estudantes',
  '/s/v2/manutencao-vinculo/estudantes',
  '/s/v3/renovacao/journey?ordenarPor=situacao',
  '/s/v3/renovacao/journey?aba=sem-renovacao&ordem=desc',
  '/s/v3/renovacao/journey?busca=ana',
];

/** Every id the JSON list gives, page after page (pages of 3, so most lists take several). */
async function jsonIds(url: string): Promise<number[]> {
  const ids: number[] = [];
  for (let pagina = 1; ; pagina++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await t.call({ method: 'GET', url: `${url}${sep}tamanho=3&pagina=${pagina}`, ies: [ie.ieId] });
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    const page = res.json() as { itens: { brbId: number }[]; totalPaginas: number };
    ids.push(...page.itens.map((i) => i.brbId));
    if (pagina >= page.totalPaginas) return ids;
  }
}

for (const url of LISTS) {
  test(`${url}: CSV and xlsx hold the JSON list's rows in its order`, async () => {
    const expected = await jsonIds(url);
    assert.ok(expected.length > 0, 'the case selects something');
    assert.ok(
      expected.every((id) => mine.has(id)),
      "only the caller's IE",
    );
    const sep = url.includes('?') ? '&' : '?';
    const csv = await t.call({ method: 'GET', url: `${url}${sep}formato=csv`, ies: [ie.ieId] });
    assert.equal(csv.statusCode, 200);
    assert.deepEqual(csvIds(csv.body), expected);
    const xlsx = await t.call({ method: 'GET', url: `${url}${sep}formato=xlsx`, ies: [ie.ieId] });
    assert.equal(xlsx.statusCode, 200);
    const sheet = await xlsxSheet(xlsx);
    assert.deepEqual(xlsxColumn(sheet, 1), expected);
  });
}

test('jornadas/listar (a journey by id): the same rows as its JSON pages', async () => {
  const url = `/s/v2/renovacao/jornadas/listar?journeyId=${journey.jornadaId}`;
  const expected = await jsonIds(url);
  assert.equal(expected.length, mine.size);
  const csv = await t.call({ method: 'GET', url: `${url}&formato=csv`, ies: [ie.ieId] });
  assert.deepEqual(csvIds(csv.body), expected);
});
