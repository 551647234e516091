import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { refreshNameKeyFrequencies, WALK_BOUND } from '../../src/modules/dashboard/name-keys.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { bulkEntries } from '../helpers/dashboard-factories.js';
import { createIe, createJourney, type TestIe, type TestJourney } from '../helpers/factories.js';

// A common word walks its journey's names in order (migration 0630, name-keys.ts) and falls back to
// the name keys when the walk does not fill the page. Whichever answers, the suggestions must be
// the ones an independent ranking of the seeded names gives: exact > prefix > word prefix >
// contains, each by name (bytewise), then entry. The journey holds more names than a walk reads.

let t: TestContext;
let ie: TestIe;
let journey: TestJourney;

const FIRST = ['ana', 'bruno', 'carla', 'diego', 'elisa', 'fabio', 'gabriela', 'heitor', 'iara', 'joana'];
const FIRST2 = ['pietra', 'lucas', 'marta', 'nuno', 'otavio', 'paula', 'renata', 'sergio', 'tania', 'vitor'];
const MIDDLE = [
  'alves',
  'barros',
  'costa',
  'dias',
  'farias',
  'gomes',
  'lima',
  'melo',
  'nunes',
  'ramos',
  'souza',
  'teles',
];
const LAST = ['amaral', 'borges', 'cunha', 'duarte', 'freitas', 'lopes', 'moura', 'neves', 'prado', 'queiroz'];

/** A distinct word of at most three letters for each number below 26³. */
const letters = (n: number) =>
  [Math.floor(n / 676), Math.floor(n / 26) % 26, n % 26].map((d) => String.fromCharCode(97 + d)).join('');

/** Search names: distinct, all lower case ASCII (so JS ordering is bytewise, as collate "C"). */
function names(): string[] {
  const first = [...FIRST, ...FIRST2];
  const list: string[] = [];
  for (let i = 0; i < WALK_BOUND + 600; i++) {
    let last = LAST[Math.floor(i / (first.length * MIDDLE.length)) % LAST.length] as string;
    let middle = MIDDLE[Math.floor(i / first.length) % MIDDLE.length] as string;
    // "chaves": a word start in ~1 name in 37, spread over the order; inside a word in ~1 in 53.
    if (i % 37 === 5) last = 'chaves';
    else if (i % 53 === 11) last = 'machaves';
    // "pires": common inside words (and " pi" starts "pietra"), a word start in three names only.
    if (i % 41 === 3) middle = 'campires';
    list.push(`${first[i % first.length]} ${middle} ${last} ${letters(i)}`);
  }
  list.push('chaves', 'chaves lima', 'bruno pires', 'marta pires souza', 'vitor gomes pires');
  // "rocha": a word start in 70 names, all after the first WALK_BOUND names in order.
  for (let k = 0; k < 70; k++) list.push(`zuleica rocha ${MIDDLE[k % MIDDLE.length]} ${LAST[Math.floor(k / 12)]}`);
  return list;
}

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  journey = await createJourney(t.db, ie);
  await bulkEntries(t.db, ie, journey, names());
  await refreshNameKeyFrequencies(t.db);
});
after(() => t.close());

/** The expected page, ranked here from the seeded rows: "id relevancia". */
async function expected(termo: string, limite = 10): Promise<string[]> {
  const rows = await t.db
    .selectFrom('entrada_jornada')
    .select(['id', 'nome_busca'])
    .where('jornada_id', '=', journey.jornadaId)
    .execute();
  const rank = (nome: string) =>
    nome === termo ? 0 : nome.startsWith(termo) ? 1 : nome.includes(` ${termo}`) ? 2 : nome.includes(termo) ? 3 : -1;
  const relevance = ['exata', 'prefixo', 'inicio-palavra', 'contem'];
  return rows
    .map((r) => ({ ...r, tier: rank(r.nome_busca) }))
    .filter((r) => r.tier >= 0)
    .sort(
      (a, b) => a.tier - b.tier || (a.nome_busca < b.nome_busca ? -1 : a.nome_busca > b.nome_busca ? 1 : a.id - b.id),
    )
    .slice(0, limite)
    .map((r) => `${r.id} ${relevance[r.tier]}`);
}

async function suggest(termo: string, limite = 10): Promise<string[]> {
  const url = `/s/v2/renovacao/autocomplete?termo=${encodeURIComponent(termo)}&limite=${limite}`;
  const response = await t.call({ method: 'GET', url, ies: [ie.ieId] });
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { brbId: number; relevancia: string }[]).map((s) => `${s.brbId} ${s.relevancia}`);
}

describe('autocomplete of a common word, in a journey longer than a walk', () => {
  test('the walk fills the page: exact and prefix first, then word prefixes by name', async () => {
    const page = await suggest('chaves');
    assert.deepEqual(page, await expected('chaves'));
    assert.deepEqual(
      page.map((s) => s.split(' ')[1]),
      ['exata', 'prefixo', ...Array(8).fill('inicio-palavra')],
    );
    assert.deepEqual(await suggest('chaves', 3), await expected('chaves', 3));
  });

  test('too few word prefixes for the page: the keys add the contains matches after them', async () => {
    const page = await suggest('pires');
    assert.deepEqual(page, await expected('pires'));
    assert.deepEqual(
      page.map((s) => s.split(' ')[1]),
      [...Array(3).fill('inicio-palavra'), ...Array(7).fill('contem')],
    );
  });

  test('word prefixes only past the walk: the keys find them, in the same order', async () => {
    const page = await suggest('rocha');
    assert.deepEqual(page, await expected('rocha'));
    assert.equal(page.length, 10);
    assert.ok(page.every((s) => s.endsWith('inicio-palavra')));
  });
});
