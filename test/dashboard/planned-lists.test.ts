import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { PLANNED_CONNECTIONS, plannedOnce } from '../../src/db/planned.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { addEntry } from '../helpers/dashboard-factories.js';
import { testDatabaseKind } from '../helpers/db.js';
import { createIe, createJourney, type TestIe } from '../helpers/factories.js';

// On PostgreSQL a list of one journey with no text or tag filter runs its statements planned once
// (planned.ts): prepared by name, with their generic plan. A text search or a tag keeps custom
// plans (the term decides the plan), and so does a page in an order other than the name's.

interface Prepared {
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

let t: TestContext;
let ie: TestIe;
let other: TestIe;

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  other = await createIe(t.db);
  const journey = await createJourney(t.db, ie);
  const otherJourney = await createJourney(t.db, other);
  for (const nome of ['Zeca Primeiro', 'Ana Lima', 'Maria Souza']) await addEntry(t.db, ie, journey, { nome });
  await addEntry(t.db, other, otherJourney, { nome: 'Alice Outra' });
});
after(() => t.close());

/**
 * Every statement prepared on the planned-once connections (holding each of them at once to read
 * its own), with its plans summed over the connections that prepared it.
 */
async function preparedOnPlanned(db: Db): Promise<Prepared[]> {
  const planned = plannedOnce(db);
  const found: Prepared[] = [];
  const hold = async (left: number): Promise<void> => {
    if (left === 0) return;
    await planned.connection().execute(async (connection) => {
      const { rows } = await sql<Prepared>`
        select statement, generic_plans::int4, custom_plans::int4 from pg_prepared_statements
        where statement not like '%pg_prepared_statements%'`.execute(connection);
      found.push(...rows);
      await hold(left - 1);
    });
  };
  await hold(PLANNED_CONNECTIONS);
  const byText = new Map<string, Prepared>();
  for (const p of found) {
    const seen = byText.get(p.statement);
    byText.set(
      p.statement,
      seen
        ? {
            ...seen,
            generic_plans: seen.generic_plans + p.generic_plans,
            custom_plans: seen.custom_plans + p.custom_plans,
          }
        : p,
    );
  }
  return [...byText.values()];
}

const names = async (url: string, ies = [ie.ieId]) => {
  const response = await t.call({ method: 'GET', url, ies });
  assert.equal(response.statusCode, 200, response.body);
  const page = response.json() as { itens: { nomeEstudante: string }[]; total: number };
  return { nomes: page.itens.map((i) => i.nomeEstudante), total: page.total };
};

test('a tab list in name order answers from statements planned once; a search and another order do not', async () => {
  // Several requests: each planned statement keeps its one generic plan however often it runs.
  for (let i = 0; i < 3; i++) {
    assert.deepEqual(await names(`/s/v2/renovacao/aptos?cursoId=${ie.cursoId}`), {
      nomes: ['Ana Lima', 'Maria Souza', 'Zeca Primeiro'],
      total: 3,
    });
  }
  assert.deepEqual(await names('/s/v2/renovacao/aptos?busca=souza'), { nomes: ['Maria Souza'], total: 1 });
  const byCpf = await names(`/s/v2/renovacao/aptos?ordenarPor=cpf&cursoId=${ie.cursoId}`);
  assert.deepEqual([[...byCpf.nomes].sort(), byCpf.total], [['Ana Lima', 'Maria Souza', 'Zeca Primeiro'], 3]);
  // Another IE's list, through the same planned statements, shows only its own entries.
  assert.deepEqual(await names(`/s/v2/renovacao/aptos?cursoId=${other.cursoId}`, [other.ieId]), {
    nomes: ['Alice Outra'],
    total: 1,
  });
  // The first IE's course, asked by the other IE, is not found: it is not a course of the caller's IE.
  const foreign = await t.call({
    method: 'GET',
    url: `/s/v2/renovacao/aptos?cursoId=${ie.cursoId}`,
    ies: [other.ieId],
  });
  assert.equal(foreign.statusCode, 404, foreign.body);

  if (testDatabaseKind !== 'postgres') {
    assert.equal(plannedOnce(t.db), t.db);
    return;
  }
  const prepared = await preparedOnPlanned(t.db);
  const pages = prepared.filter((p) => p.statement.includes('"estudante_nome"'));
  const counts = prepared.filter((p) => p.statement.includes('count(*)'));
  assert.equal(pages.length, 1, JSON.stringify(pages.map((p) => p.statement)));
  assert.match(pages[0]?.statement ?? '', /order by "e"\."nome_busca" asc, "e"\."id" asc$/);
  assert.equal(counts.length, 1, JSON.stringify(counts.map((p) => p.statement)));
  for (const p of [...pages, ...counts]) assert.equal(p.custom_plans, 0);
  // Five name-ordered pages (three of one IE, two asked by the other) ran the one statement; the
  // count ran with them and once more for the page in CPF order.
  assert.equal(pages[0]?.generic_plans, 5);
  assert.equal(counts[0]?.generic_plans, 6);
  assert.equal(prepared.filter((p) => p.statement.includes(' like ')).length, 0);
});
