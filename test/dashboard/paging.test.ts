import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { bulkEntries } from '../helpers/dashboard-factories.js';
import { createIe, createJourney, type TestIe } from '../helpers/factories.js';

// Deep pages of counter-countable lists are read backwards from the end (dashboard.service.ts):
// they must hold exactly the rows the forward order puts there.
let t: TestContext;
let ie: TestIe;
const TOTAL = 2_345;

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  const journey = await createJourney(t.db, ie);
  await bulkEntries(t.db, ie, journey, TOTAL);
});
after(() => t.close());

interface Page {
  itens: { nomeEstudante: string; brbId: number }[];
  total: number;
  totalPaginas: number;
}
const page = async (query: string) => {
  const response = await t.call({ method: 'GET', url: `/s/v2/renovacao/aptos?${query}`, ies: [ie.ieId] });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as Page;
};
const aluno = (n: number) => `Aluno ${String(n).padStart(5, '0')}`;

test('deep pages past the middle hold the same rows as the forward order, both directions', async () => {
  for (const [pagina, first, count] of [
    [21, 2001, 100],
    [23, 2201, 100],
    [24, 2301, 45],
  ] as const) {
    const body = await page(`tamanho=100&pagina=${pagina}`);
    assert.deepEqual([body.total, body.totalPaginas], [TOTAL, 24]);
    assert.equal(body.itens.length, count, `page ${pagina}`);
    assert.deepEqual(
      body.itens.map((i) => i.nomeEstudante),
      Array.from({ length: count }, (_, k) => aluno(first + k)),
    );
    // busca matches every row but makes the list count with count(*) and page forwards.
    const forward = await page(`tamanho=100&pagina=${pagina}&busca=aluno`);
    assert.deepEqual(forward, body);
  }
  const desc = await page('tamanho=100&pagina=22&ordem=desc');
  assert.equal(desc.itens[0]?.nomeEstudante, aluno(TOTAL - 2100));
  assert.equal(desc.itens.at(-1)?.nomeEstudante, aluno(TOTAL - 2199));
  assert.deepEqual((await page('tamanho=100&pagina=25')).itens, []);
  const byCpf = await page('tamanho=50&pagina=47&ordenarPor=cpf&ordem=desc');
  assert.deepEqual(
    byCpf.itens.map((i) => i.nomeEstudante),
    [
      aluno(45),
      aluno(44),
      aluno(43),
      aluno(42),
      aluno(41),
      aluno(40),
      aluno(39),
      aluno(38),
      aluno(37),
      aluno(36),
    ].concat(Array.from({ length: 35 }, (_, k) => aluno(35 - k))),
  );
});
