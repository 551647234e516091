import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { bulkEntries } from '../helpers/dashboard-factories.js';
import { createIe, createJourney, type TestIe, type TestJourney } from '../helpers/factories.js';

// A deep page of a counter-countable list reads forwards or backwards by its total
// (dashboard.service.ts); one before the middle by the list's last total is read beside the fresh
// total. Whichever way it went, it holds the rows the fresh total implies.
let t: TestContext;
let ie: TestIe;
let journey: TestJourney;

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  journey = await createJourney(t.db, ie);
  await bulkEntries(t.db, ie, journey, 4_100);
});
after(() => t.close());

const aluno = (n: number) => `Aluno ${String(n).padStart(5, '0')}`;

test('a deep page before the middle, read beside its total, holds the right rows after the list shrank', async () => {
  const list = async () => {
    const response = await t.call({
      method: 'GET',
      url: '/s/v2/renovacao/aptos?tamanho=100&pagina=21',
      ies: [ie.ieId],
    });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { total: number; itens: { nomeEstudante: string }[] };
    return { total: body.total, nomes: body.itens.map((i) => i.nomeEstudante) };
  };
  const move = (from: number, to: number, situacao: 'CANCELADO' | 'APTO') =>
    t.db
      .updateTable('entrada_jornada')
      .set({ situacao })
      .where('jornada_id', '=', journey.jornadaId)
      .where('nome_busca', '>=', aluno(from).toLowerCase())
      .where('nome_busca', '<=', aluno(to).toLowerCase())
      .execute();
  const names = (first: number) => Array.from({ length: 100 }, (_, k) => aluno(first + k));

  assert.deepEqual(await list(), { total: 4_100, nomes: names(2001) });
  await move(1, 1_000, 'CANCELADO'); // the last total (4,100) still puts offset 2,000 before the middle
  assert.deepEqual(await list(), { total: 3_100, nomes: names(3001) });
  await move(1, 1_000, 'APTO');
  assert.deepEqual(await list(), { total: 4_100, nomes: names(2001) });
  await move(1, 2_200, 'CANCELADO'); // now past the end
  assert.deepEqual(await list(), { total: 1_900, nomes: [] });
});
