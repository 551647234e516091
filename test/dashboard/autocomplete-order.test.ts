import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { refreshNameKeyFrequencies } from '../../src/modules/dashboard/name-keys.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { addEntry, type DashEntry } from '../helpers/dashboard-factories.js';
import { createIe, createJourney, type TestIe, type TestJourney } from '../helpers/factories.js';

// Pins which entries autocomplete suggests for each class of term staff type, and in which
// relevance order, so that the statements behind it can change (issue 16) without either moving.

let t: TestContext;
let ie: TestIe;
let other: TestIe;
const e: Record<string, DashEntry> = {};

/** Gives an entry (and its student and scholarship) a chosen CPF or matrícula. */
async function identify(entry: DashEntry | undefined, values: { cpf?: string; matricula?: string }) {
  if (!entry) throw new Error('no entry');
  if (values.cpf) {
    await t.db.updateTable('estudante').set({ cpf: values.cpf }).where('id', '=', entry.estudanteId).execute();
    await t.db.updateTable('entrada_jornada').set({ cpf: values.cpf }).where('id', '=', entry.brbId).execute();
  }
  if (values.matricula) {
    await t.db.updateTable('bolsa').set({ matricula: values.matricula }).where('id', '=', entry.bolsaId).execute();
    await t.db
      .updateTable('entrada_jornada')
      .set({ matricula: values.matricula })
      .where('id', '=', entry.brbId)
      .execute();
  }
}

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  other = await createIe(t.db);
  const closed = await createJourney(t.db, ie, { ano: 2026, semestre: 1, status: 'ENCERRADA' });
  const current: TestJourney = await createJourney(t.db, ie, { ano: 2026, semestre: 2 });
  const otherJourney = await createJourney(t.db, other);
  for (const nome of [
    'Ana',
    'Ana Souza',
    'Ana Clara Souza',
    'Clara Ana Sousa',
    'Mariana Souza',
    'Juliana Soutomaior',
    'Maria',
    'Maria da Silva',
    'Ana Maria da Silva',
    'Rosamaria da Souza',
    'João Pedro',
    'João Pereira',
    'Carlos João Peixoto',
    'Akira Yamamoto',
    'Santana Lopes',
  ]) {
    e[nome] = await addEntry(t.db, ie, current, { nome });
  }
  // Matches outside the caller's current journeys: another IE's, and the same IE's closed one.
  e.outraIe = await addEntry(t.db, other, otherJourney, { nome: 'Ana Souza Yamamoto' });
  e.encerrada = await addEntry(t.db, ie, closed, { nome: 'Ana Sousa Maria' });
  await identify(e['Akira Yamamoto'], { cpf: '72817900011' });
  await identify(e['Santana Lopes'], { cpf: '72817955500' });
  await identify(e['João Pedro'], { cpf: '72800000000' });
  await identify(e.outraIe, { cpf: '72817900022', matricula: '2024003' });
  await identify(e.Maria, { matricula: '2024001' });
  await identify(e.Ana, { matricula: '2024002' });
  await identify(e['Mariana Souza'], { matricula: '20240100' });
});
after(() => t.close());

async function suggest(termo: string, limite?: number, ies = [ie.ieId]) {
  const query = `termo=${encodeURIComponent(termo)}${limite ? `&limite=${limite}` : ''}`;
  const response = await t.call({ method: 'GET', url: `/s/v2/renovacao/autocomplete?${query}`, ies });
  assert.equal(response.statusCode, 200, response.body);
  const found = response.json() as { nomeEstudante: string; campo: string; relevancia: string }[];
  return found.map((s) => `${s.nomeEstudante} (${s.campo} ${s.relevancia})`);
}

describe('autocomplete relevance order, per class of term', () => {
  test('a common first name: exact, then prefixes, word prefixes and substrings, each by name', async () => {
    assert.deepEqual(await suggest('ana'), [
      'Ana (nome exata)',
      'Ana Clara Souza (nome prefixo)',
      'Ana Maria da Silva (nome prefixo)',
      'Ana Souza (nome prefixo)',
      'Clara Ana Sousa (nome inicio-palavra)',
      'Juliana Soutomaior (nome contem)',
      'Mariana Souza (nome contem)',
      'Santana Lopes (nome contem)',
    ]);
    assert.deepEqual(await suggest('MARIA'), [
      'Maria (nome exata)',
      'Maria da Silva (nome prefixo)',
      'Mariana Souza (nome prefixo)',
      'Ana Maria da Silva (nome inicio-palavra)',
      'Rosamaria da Souza (nome contem)',
    ]);
  });

  test('the limit cuts the same order, across tiers', async () => {
    assert.deepEqual(await suggest('ana', 5), [
      'Ana (nome exata)',
      'Ana Clara Souza (nome prefixo)',
      'Ana Maria da Silva (nome prefixo)',
      'Ana Souza (nome prefixo)',
      'Clara Ana Sousa (nome inicio-palavra)',
    ]);
    assert.deepEqual(await suggest('ana', 6), [
      'Ana (nome exata)',
      'Ana Clara Souza (nome prefixo)',
      'Ana Maria da Silva (nome prefixo)',
      'Ana Souza (nome prefixo)',
      'Clara Ana Sousa (nome inicio-palavra)',
      'Juliana Soutomaior (nome contem)',
    ]);
    assert.deepEqual(await suggest('ana sou', 2), [
      'Ana Souza (nome prefixo)',
      'Clara Ana Sousa (nome inicio-palavra)',
    ]);
  });

  test('a common first name with the start of a surname', async () => {
    assert.deepEqual(await suggest('ana sou'), [
      'Ana Souza (nome prefixo)',
      'Clara Ana Sousa (nome inicio-palavra)',
      'Juliana Soutomaior (nome contem)',
      'Mariana Souza (nome contem)',
    ]);
    assert.deepEqual(await suggest('maria da s'), [
      'Maria da Silva (nome prefixo)',
      'Ana Maria da Silva (nome inicio-palavra)',
      'Rosamaria da Souza (nome contem)',
    ]);
    assert.deepEqual(await suggest('joão pe'), [
      'João Pedro (nome prefixo)',
      'João Pereira (nome prefixo)',
      'Carlos João Peixoto (nome inicio-palavra)',
    ]);
    assert.deepEqual(await suggest('  Joao   PE '), await suggest('joão pe'));
  });

  test('a rare surname', async () => {
    assert.deepEqual(await suggest('yamamoto'), ['Akira Yamamoto (nome inicio-palavra)']);
    assert.deepEqual(await suggest('tomaior'), ['Juliana Soutomaior (nome contem)']);
    assert.deepEqual(await suggest('nobody here'), []);
  });

  test("a caller of two IEs: both current journeys' names, merged in one order", async () => {
    assert.deepEqual(await suggest('yamamoto', undefined, [ie.ieId, other.ieId]), [
      'Akira Yamamoto (nome inicio-palavra)',
      'Ana Souza Yamamoto (nome inicio-palavra)',
    ]);
    assert.deepEqual(await suggest('ana sou', undefined, [ie.ieId, other.ieId]), [
      'Ana Souza (nome prefixo)',
      'Ana Souza Yamamoto (nome prefixo)',
      'Clara Ana Sousa (nome inicio-palavra)',
      'Juliana Soutomaior (nome contem)',
      'Mariana Souza (nome contem)',
    ]);
  });

  test('a CPF, whole or its beginning, with and without the mask', async () => {
    const prefixed = ['Akira Yamamoto (cpf prefixo)', 'Santana Lopes (cpf prefixo)'];
    assert.deepEqual(await suggest('728.179'), prefixed);
    assert.deepEqual(await suggest('728179'), prefixed);
    assert.deepEqual(await suggest('728'), ['João Pedro (cpf prefixo)', ...prefixed]);
    assert.deepEqual(await suggest('728.179.000-11'), ['Akira Yamamoto (cpf exata)']);
    assert.deepEqual(await suggest('72817900011'), ['Akira Yamamoto (cpf exata)']);
  });

  test('a matrícula, whole or its beginning; a CPF prefix ranks before a matrícula prefix', async () => {
    assert.deepEqual(await suggest('2024002'), ['Ana (matricula exata)']);
    assert.deepEqual(await suggest('20240'), [
      'Maria (matricula prefixo)',
      'Ana (matricula prefixo)',
      'Mariana Souza (matricula prefixo)',
    ]);
    await identify(e['Ana Souza'], { cpf: '20240123456' });
    try {
      assert.deepEqual(await suggest('20240'), [
        'Ana Souza (cpf prefixo)',
        'Maria (matricula prefixo)',
        'Ana (matricula prefixo)',
        'Mariana Souza (matricula prefixo)',
      ]);
    } finally {
      await identify(e['Ana Souza'], { cpf: '20999123456' });
    }
  });

  test('the trigram sample changes which name keys are read, never what is found (migrations 0620, 0770)', async () => {
    const terms = [
      'ana',
      'maria',
      'ana sou',
      'maria da s',
      'joão pe',
      'yamamoto',
      'tomaior',
      'souza',
      'ana s',
      'da silva',
    ];
    const before = await Promise.all(terms.map((termo) => suggest(termo)));
    const keys = async (termo: string) =>
      (await sql<{ n: number }>`select cardinality(chaves_termo(1, ${termo}, false))::int4 as n`.execute(t.db)).rows[0]
        ?.n;
    assert.equal(await keys('maria da s'), 8, 'without a sample, every key of the term');
    await refreshNameKeyFrequencies(t.db);
    try {
      assert.equal(await keys('maria da s'), 3, 'with a sample, three keys');
      assert.equal(await keys('yamamoto'), 3);
      assert.deepEqual(await Promise.all(terms.map((termo) => suggest(termo))), before);
      // Each word's rarest key goes first (migration 0770): with the bench's frequencies, where
      // every key of "joao" is rarer than any of "pe", "joao pe" still reads one of "pe" (" pe"),
      // not three of "joao". "pe" alone, as a word's beginning, has the keys "  p" and " pe".
      await t.db.deleteFrom('trigrama_frequencia').execute();
      const bench = { oao: 69, joa: 203, 'ao ': 276, ' pe': 382, '  p': 1494 };
      await t.db
        .insertInto('trigrama_frequencia')
        .values(Object.entries(bench).map(([trigrama, total]) => ({ trigrama, total })))
        .execute();
      const shared = async (termo: string, word: string, inicio: boolean) =>
        (
          await sql<{ n: number }>`select cardinality(array(
              select unnest(chaves_termo(1, ${termo}, false))
              intersect select unnest(chaves_termo(1, ${word}, ${inicio}))))::int4 as n`.execute(t.db)
        ).rows[0]?.n;
      assert.equal(await keys('joao pe'), 3);
      assert.equal(await shared('joao pe', 'pe', true), 1, 'a key of the second word');
      assert.equal(await shared('joao pe', 'joao', false), 2, 'and two of the first');
      assert.deepEqual(await Promise.all(terms.map((termo) => suggest(termo))), before);
    } finally {
      await t.db.deleteFrom('trigrama_frequencia').execute();
    }
  });
});
